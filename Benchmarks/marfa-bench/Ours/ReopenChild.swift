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
        /// The child's peak resident bytes (`VmHWM`) from its start to the first read's answer: what the open took,
        /// the digest after it not counted.
        var peakResidentBytes: Int
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

    /// The child side: opens, reads, notes its peak resident memory so far, closes and prints the report.
    static func run(_ request: Request) async throws {
        var configuration = CopyConfiguration()
        configuration.snapshotThresholdBytes = request.snapshotThresholdBytes
        let start = Stopwatch.now()
        let copy = try await CopyActor.open(
            at: URL(fileURLWithPath: request.store), origin: nil, configuration: configuration)
        let version = Int(try await copy.readableItem(request.firstId)?.version ?? -1)
        let elapsed = Stopwatch.now() &- start
        let peak = ProcessMemory.peakResidentBytes()
        let digest = request.digest ? StateDigest.of(await copy.capturedState()) : nil
        await copy.close()
        let report = Report(nanoseconds: elapsed, version: version, digest: digest, peakResidentBytes: peak)
        let line = try JSONEncoder().encode(report)
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
    /// is opened here again for the operations that follow. `reports` keeps what the children said.
    static func side(_ marfa: CopyHandle, firstId: String, reports: Reports) -> BenchSide {
        BenchSide(
            label: "marfa open + get (child process)",
            run: { _ in reports.keep(try await marfa.openInChild(firstId: firstId)).version },
            ownTime: { reports.nanoseconds },
            finish: { try await marfa.open() })
    }

    /// What the reopen children of one operation reported: the last one's own time (kept between a sample's `run`
    /// and its `ownTime`) and the highest peak resident memory of any of them.
    final class Reports {
        /// The name of the extra that carries `peakResidentBytes`.
        static let peakExtra = "reopen child peak RSS to first read (VmHWM) bytes"
        /// The last child's time from open to the first read's answer, in nanoseconds.
        private(set) var nanoseconds: UInt64 = 0
        /// The highest `VmHWM` any child reported.
        private(set) var peakResidentBytes = 0

        /// Keeps `report`'s time and peak; answers it.
        @discardableResult
        func keep(_ report: Report) -> Report {
            nanoseconds = report.nanoseconds
            peakResidentBytes = max(peakResidentBytes, report.peakResidentBytes)
            return report
        }

        /// The peak as an operation's extra (none before a child reported).
        var extras: [String: Double] {
            peakResidentBytes > 0 ? [Self.peakExtra: Double(peakResidentBytes)] : [:]
        }
    }
}
