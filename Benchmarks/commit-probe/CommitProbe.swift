import Foundation
import Glibc
import MarfaEngine
import MarfaRules

/// Measures the commit path alone: one `CopyActor` holding `--items` items, then `--rounds` rounds of 640 fresh
/// items committed by `--writers` tasks, one `commit([.putItem])` each, as `write/concurrent-N` does without the
/// dataset, the peer or the rest of the benchmark. Prints throughput and the process CPU per commit (every thread
/// counted, the journal's sync thread included), with an fsync probe before and after (Decision 0045).
@main
struct CommitProbe {
    static func main() async throws {
        let options: Options
        do {
            options = try Options(CommandLine.arguments.dropFirst())
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(2)
        }
        try? FileManager.default.removeItem(atPath: options.folder)
        defer { try? FileManager.default.removeItem(atPath: options.folder) }
        let fsyncBefore = try FsyncSample.median(in: options.folder)
        var configuration = CopyConfiguration()
        configuration.snapshotThresholdBytes = .max
        let copy = try await CopyActor.open(
            at: URL(fileURLWithPath: options.folder).appendingPathComponent("store"), origin: nil,
            configuration: configuration)
        for start in stride(from: 0, to: options.items, by: 1000) {
            try await copy.commit((start..<min(options.items, start + 1000)).map {
                .putItem(ProbeItem.make($0, held: options.items))
            })
        }
        let perRound = 640 / options.writers * options.writers
        let fresh = (0..<perRound * options.rounds).map { ProbeItem.make(options.items + $0, held: options.items) }
        let wallStart = Date()
        let cpuStart = processCPUSeconds()
        for round in 0..<options.rounds {
            try await commit(fresh[(round * perRound)..<((round + 1) * perRound)], writers: options.writers, to: copy)
        }
        let cpu = processCPUSeconds() - cpuStart
        let wall = Date().timeIntervalSince(wallStart)
        await copy.close()
        let fsyncAfter = try FsyncSample.median(in: options.folder)
        let commits = Double(fresh.count)
        let line = "writers %d: %.0f commits/s, wall %.2f µs and cpu %.2f µs per commit; fsync p50 %.0f / %.0f µs"
        print(
            String(
                format: line, options.writers, commits / wall, wall / commits * 1e6, cpu / commits * 1e6,
                fsyncBefore * 1e6, fsyncAfter * 1e6))
    }

    /// One round: `writers` tasks, each committing every `writers`-th item of `items` one at a time.
    static func commit(_ items: ArraySlice<Item>, writers: Int, to copy: CopyActor) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                let mine = stride(from: items.startIndex + writer, to: items.endIndex, by: writers).map { items[$0] }
                group.addTask {
                    for item in mine { try await copy.commit([.putItem(item)]) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// CPU seconds the whole process has used.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
