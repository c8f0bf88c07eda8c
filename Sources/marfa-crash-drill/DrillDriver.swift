import Foundation
import MarfaEngine
import MarfaRules

/// Runs the worker, kills it at a random moment, reopens the store, and compares it with the acknowledged log.
struct DrillDriver {
    let rounds: Int
    let seed: UInt64

    func run() async throws -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-crash-drill-\(UUID().uuidString)")
        let store = folder.appendingPathComponent("store")
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMixRandom(seed: seed)
        var expected = CopyState()
        var acknowledged = 0
        var lost = 0
        var mismatches = 0
        for round in 1...rounds {
            let lines = try await runWorker(store: store, seed: random.next(), killAfterMilliseconds: 30 + random.below(400))
            let log = DrillLog(lines: lines)
            var withAcked = expected
            for batch in log.acknowledged { for change in try StoreChange.decode(batch.changes) { withAcked.apply(change) } }
            var withPending = withAcked
            if let pending = log.pending {
                for change in try StoreChange.decode(pending.changes) { withPending.apply(change) }
            }
            let copy = try await CopyActor.open(at: store, origin: nil)
            let reopened = await copy.capturedState()
            await copy.close()
            let queueIds = Set(reopened.queue.map(\.id))
            let missing = log.acknowledged.flatMap(\.writeIds).filter { !queueIds.contains($0) }
            lost += missing.count
            acknowledged += log.acknowledged.count
            if reopened != withAcked && reopened != withPending {
                mismatches += 1
                print("round \(round): the reopened store equals neither the acknowledged log nor it plus the write in flight")
            }
            expected = reopened
        }
        print("seed \(seed)")
        print("crash drill: \(rounds) kills, \(acknowledged) acknowledged writes, \(lost) lost")
        return lost == 0 && mismatches == 0 ? 0 : 1
    }

    /// Starts the worker, lets it write for a while, kills it with SIGKILL, and returns what it printed.
    private func runWorker(store: URL, seed: UInt64, killAfterMilliseconds: Int) async throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["worker", "--store", store.path, "--seed", String(seed)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reader = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        try await Task.sleep(for: .milliseconds(killAfterMilliseconds))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let data = await reader.value
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// What one worker printed: the acknowledged batches and the one in flight when it died.
struct DrillLog {
    struct Batch {
        var writeIds: [String]
        var changes: [UInt8]
    }

    var acknowledged: [Batch] = []
    var pending: Batch?

    init(lines: [String]) {
        var begun: [Int: Batch] = [:]
        for line in lines {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 4, parts[0] == "begin", let sequence = Int(parts[1]),
                let bytes = Data(base64Encoded: parts[3])
            {
                begun[sequence] = Batch(writeIds: parts[2].split(separator: ",").map(String.init), changes: Array(bytes))
                pending = begun[sequence]
            } else if parts.count == 2, parts[0] == "ack", let sequence = Int(parts[1]), let batch = begun[sequence] {
                acknowledged.append(batch)
                pending = nil
            }
        }
    }
}
