import Foundation
import MarfaEngine
import MarfaRules

/// The Marfa store under test: the open `CopyActor`, reopened by the open and crash-restore operations.
final class CopyHandle {
    /// The store folder.
    let url: URL
    /// The settings every open uses.
    private(set) var configuration: CopyConfiguration
    /// The clock creates are planned with, set before each create so both stores get the same row.
    let clock: BenchClock
    /// Whether open and crash restore time their reopens in a child process (`ReopenChild`) instead of this one.
    let reopensInChild: Bool
    /// The copy, nil between `release()` and the next `open()`.
    private var opened: CopyActor?

    /// The open copy (or the closed one after `close()`); asked for after `release()`, it stops the run.
    var copy: CopyActor {
        guard let opened else { preconditionFailure("the bench asked for the copy after releasing it") }
        return opened
    }

    /// Opens (or creates) the store at `url`.
    init(url: URL, configuration: CopyConfiguration = CopyConfiguration(), reopensInChild: Bool = false) async throws
    {
        let clock = BenchClock()
        var configuration = configuration
        configuration.writeContext = WriteContext(now: { clock.now }, mintId: { ItemID.make() })
        self.url = url
        self.configuration = configuration
        self.clock = clock
        self.reopensInChild = reopensInChild
        opened = try await CopyActor.open(at: url, origin: nil, configuration: configuration)
    }

    /// Closes the copy and opens the store again; answers the seconds the open took.
    @discardableResult
    func reopen() async throws -> Double {
        await release()
        let start = Stopwatch.now()
        try await open()
        return Stopwatch.seconds(since: start)
    }

    /// Closes the copy and opens it again with another snapshot threshold (the crash phase keeps its journal).
    func reopen(snapshotThresholdBytes: UInt64) async throws {
        configuration.snapshotThresholdBytes = snapshotThresholdBytes
        try await reopen()
    }

    /// Closes the copy without opening it again (`open()` must follow before the next use); the closed copy stays
    /// in memory until then.
    func close() async {
        await opened?.close()
    }

    /// Closes the copy and lets it go, so that its memory is free while a child reopens the store.
    func release() async {
        await close()
        opened = nil
    }

    /// Opens the store after `close()` or `release()`.
    func open() async throws {
        opened = try await CopyActor.open(at: url, origin: nil, configuration: configuration)
    }

    /// Opens the store in a child process, which answers the read of `firstId` and reports the time to it (and the
    /// reopened state's digest, if asked); this copy is released first and its freed memory handed back to the
    /// system, so the child and this process do not both hold it.
    func openInChild(firstId: String, digest: Bool = false) async throws -> ReopenChild.Report {
        await release()
        ProcessMemory.trim()
        return try ReopenChild.open(
            ReopenChild.Request(
                store: url.path, firstId: firstId, snapshotThresholdBytes: configuration.snapshotThresholdBytes,
                digest: digest))
    }

    /// Loads the dataset in commits of `batch` rows, then writes a snapshot; answers the seconds it took.
    func load(items: [Item], edges: [Edge], batch: Int = 1000) async throws -> Double {
        let start = Stopwatch.now()
        for chunk in stride(from: 0, to: items.count, by: batch) {
            try await copy.commit(items[chunk..<min(chunk + batch, items.count)].map { .putItem($0) })
        }
        for chunk in stride(from: 0, to: edges.count, by: batch * 4) {
            try await copy.commit(edges[chunk..<min(chunk + batch * 4, edges.count)].map { .putEdge($0) })
        }
        try await copy.checkpoint()
        return Stopwatch.seconds(since: start)
    }

    /// Bytes of the newest snapshot file, of every journal segment and of the word index stored beside the snapshot
    /// (Decision 0071) in the store folder.
    func fileSizes() -> (snapshot: Int, journal: Int, wordIndex: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var snapshot = 0
        var journal = 0
        var wordIndex = 0
        for name in names.sorted() {
            let size =
                ((try? FileManager.default.attributesOfItem(atPath: url.path + "/" + name))?[.size]
                as? NSNumber)?.intValue ?? 0
            if name.hasPrefix("snapshot-") && name.hasSuffix(".zst") { snapshot = size }
            if name.hasPrefix("words-") && name.hasSuffix(".zst") { wordIndex = size }
            if name.hasPrefix("journal-") { journal += size }
        }
        return (snapshot, journal, wordIndex)
    }
}
