import Foundation
import MarfaEngine
import MarfaRules
import MarfaTestSupport

/// The crash drill: a worker that writes and prints each acknowledged write, and a driver that kills it with
/// SIGKILL at random moments, reopens the store, and checks that nothing acknowledged was lost.
@main
struct CrashDrill {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "worker":
                try await DrillWorker.run(store: value("--store", in: arguments), seed: UInt64(value("--seed", in: arguments)) ?? 1)
            default:
                let rounds = Int(value("--rounds", in: arguments)) ?? 50
                let seed = UInt64(value("--seed", in: arguments)) ?? UInt64(Date().timeIntervalSince1970)
                exit(try await DrillDriver(rounds: rounds, seed: seed).run())
            }
        } catch {
            FileHandle.standardError.write(Data("crash drill: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func value(_ name: String, in arguments: [String]) -> String {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return "" }
        return arguments[index + 1]
    }
}

/// The worker: plans each write against the live state, prints it, commits it, prints its acknowledgement.
enum DrillWorker {
    static func run(store: String, seed: UInt64) async throws {
        var configuration = CopyConfiguration()
        // Snapshots every 32 KiB of journal whatever the state's size, so kills land in and around them often.
        configuration.snapshotThresholdBytes = 32 * 1024
        configuration.snapshotJournalRatio = 0
        let copy = try await CopyActor.open(at: URL(fileURLWithPath: store), origin: nil, configuration: configuration)
        var storm = WriteStorm(seed: seed, context: configuration.writeContext)
        var sequence = 0
        while true {
            guard let plan = storm.next(on: await copy.capturedState()) else { continue }
            sequence += 1
            let encoded = Data(StoreChange.encode(plan.changes)).base64EncodedString()
            let ids = plan.writes.map(\.id).joined(separator: ",")
            emit("begin \(sequence) \(ids) \(encoded)")
            try await copy.commit(plan.changes)
            emit("ack \(sequence)")
            if sequence % 97 == 0 { try await copy.checkpoint() }
        }
    }

    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
