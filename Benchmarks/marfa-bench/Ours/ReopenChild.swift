import Foundation
import MarfaEngine
import MarfaRules

/// Open and crash restore in a child process (Decision 0036): the child opens the store, answers the first read and
/// reports the time that took, so the parent, which holds the dataset and the peer, never holds a second copy (at
/// 1M the in-process reopen was killed for memory).
enum ReopenChild {
    /// What the child reports, one JSON line on stdout.
    struct Report: Codable {
        /// Nanoseconds from the start of the open to the first read's answer.
        var nanoseconds: UInt64
        /// The version the first read answered (-1 when the item was missing).
        var version: Int
        /// `StateDigest` of the reopened state, when asked for.
        var digest: UInt64?
    }

    /// The child's arguments: `--reopen-child <store folder> --first-id <id> --snapshot-threshold <bytes>
    /// [--digest]`.
    struct Request {
        /// The store folder.
        var store: String
        /// The item the first read asks for.
        var firstId: String
        /// The snapshot threshold the parent opens with.
        var snapshotThresholdBytes: UInt64
        /// Whether to report the reopened state's digest (computed after the timed part).
        var digest: Bool

        /// The command line that asks a child for this.
        var arguments: [String] {
            [
                "--reopen-child", store, "--first-id", firstId, "--snapshot-threshold", String(snapshotThresholdBytes),
            ] + (digest ? ["--digest"] : [])
        }
    }

    /// The child side: opens, reads, prints the report, closes.
    static func run(_ request: Request) async throws {
        var configuration = CopyConfiguration()
        configuration.snapshotThresholdBytes = request.snapshotThresholdBytes
        let start = Stopwatch.now()
        let copy = try await CopyActor.open(
            at: URL(fileURLWithPath: request.store), origin: nil, configuration: configuration)
        let version = Int(try await copy.readableItem(request.firstId)?.version ?? -1)
        let elapsed = Stopwatch.now() &- start
        let digest = request.digest ? StateDigest.of(await copy.state) : nil
        await copy.close()
        let line = try JSONEncoder().encode(Report(nanoseconds: elapsed, version: version, digest: digest))
        print(String(decoding: line, as: UTF8.self))
    }

    /// The note on an operation whose reopens run in a child.
    static let note = "reopened in a child process (Decision 0036): the child's own time from open to the first"
        + " read's answer, its start and exit not counted; this process holds no second copy"

    /// The parent side: runs a child for `request` and answers its report.
    static func open(_ request: Request) throws -> Report {
        let line = try ChildProcess.lastLine(request.arguments, what: "reopen child")
        return try JSONDecoder().decode(Report.self, from: Data(line.utf8))
    }

    /// Our side of an open measured in a child: each sample releases this process's copy and reopens the store in a
    /// child, and the figure is the child's own (its start and exit left out); once the samples are done the store
    /// is opened here again for the operations that follow.
    static func side(_ marfa: CopyHandle, firstId: String) -> BenchSide {
        let last = LastReport()
        return BenchSide(
            label: "marfa open + get (child process)",
            run: { _ in
                let report = try await marfa.openInChild(firstId: firstId)
                last.nanoseconds = report.nanoseconds
                return report.version
            },
            ownTime: { last.nanoseconds },
            finish: { try await marfa.open() })
    }

    /// The time of the last child's report, kept between `run` and `ownTime`.
    private final class LastReport {
        var nanoseconds: UInt64 = 0
    }
}
