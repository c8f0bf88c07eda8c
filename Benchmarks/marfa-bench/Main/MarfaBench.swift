import Foundation

/// The benchmark runner: Marfa's working copy against SQLite in the same process (Benchmarks/README via
/// `tools/bench --help`; the suite is specified in the shared `benchmarks.md`).
@main
struct MarfaBench {
    static func main() async {
        do {
            let arguments = try BenchArguments(Array(CommandLine.arguments.dropFirst()))
            if arguments.memoryCensus {
                try await MemoryCensus.run(
                    size: arguments.plan.size, seed: arguments.seed,
                    directory: arguments.directory ?? "/tmp/marfa-memory-census")
                return
            }
            if arguments.memoryChild {
                try await MemoryChild.run(
                    size: arguments.plan.size, seed: arguments.seed,
                    directory: arguments.directory ?? "/tmp/marfa-memory-child")
                return
            }
            if let store = arguments.reopenStore {
                try await ReopenChild.run(
                    ReopenChild.Request(
                        store: store, firstId: arguments.firstId,
                        snapshotThresholdBytes: arguments.snapshotThresholdBytes, digest: arguments.digest))
                return
            }
            let session = try await BenchSession.start(arguments)
            let status = try await session.run()
            exit(status)
        } catch let error as BenchError {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            exit(error.exitStatus)
        } catch {
            FileHandle.standardError.write(Data("marfa-bench: \(error)\n".utf8))
            exit(1)
        }
    }
}
