import Foundation
import MarfaEngine
import MarfaRules

/// One run: probes, dataset, both stores loaded, the gate, the operations in order, the reports.
///
/// Nothing is printed as a figure until every gate has passed; progress lines name what runs.
final class BenchSession {
    /// The parsed command line.
    let arguments: BenchArguments
    /// What the operations share.
    let context: BenchContext
    /// The machine.
    let machine: MachineFingerprint
    /// When the run started.
    let startedAt: String
    /// The runner.
    let runner: OperationRunner
    /// The results so far, in order; each is also printed to the progress log as it is kept.
    var results: [OperationResult] = [] {
        didSet {
            for result in results.dropFirst(oldValue.count) { Self.progress(ProgressSummary.line(result)) }
        }
    }
    /// Search results with their raw timings, for the band rows.
    var searchMeasured: [(OperationResult, [[UInt64]])] = []
    /// Matches per search query in the porter table.
    var porterHits: [Int] = []
    /// The peer's sizes after loading.
    var peerSizes: PeerSizes?
    /// What is not measured, and why.
    var skipped: [String] = [
        "catch-up burst of 1M events at 1M items: not run yet (the 100k-event stream is)",
        "cold page cache: /proc/sys/vm/drop_caches is not writable in this container",
    ]

    /// When the process started, for the progress lines' clock.
    static let launched = Stopwatch.now()

    /// Prints a progress line to stderr, with the seconds since launch.
    static func progress(_ line: String) {
        let stamp = String(format: "[%6.1fs] ", Stopwatch.seconds(since: launched))
        FileHandle.standardError.write(Data((stamp + line + "\n").utf8))
    }

    /// The 1-minute load average (other builders share this machine; a high value explains noisy figures).
    static func loadAverage() -> Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.flatMap { Double($0) } ?? -1
    }

    private init(arguments: BenchArguments, context: BenchContext, machine: MachineFingerprint, startedAt: String) {
        self.arguments = arguments
        self.context = context
        self.machine = machine
        self.startedAt = startedAt
        runner = OperationRunner(sink: context.sink, progress: Self.progress)
    }

    /// Probes the machine, generates the dataset and loads both stores; on failure the run's folder is removed
    /// (unless `--keep`).
    static func start(_ arguments: BenchArguments) async throws -> BenchSession {
        _ = launched
        let startedAt = BenchTime.timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        let loadAtStart = loadAverage()
        let base = arguments.directory ?? ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let directory = "\(base)/marfa-bench-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            return try await prepare(arguments, directory: directory, startedAt: startedAt, loadAtStart: loadAtStart)
        } catch {
            if !arguments.keep { try? FileManager.default.removeItem(atPath: directory) }
            throw error
        }
    }

    private static func prepare(
        _ arguments: BenchArguments, directory: String, startedAt: String, loadAtStart: Double
    ) async throws -> BenchSession {
        let plan = arguments.plan
        let machine = MachineFingerprint.read(directory: directory)
        progress("marfa-bench \(plan.tier): \(plan.size) items, seed \(arguments.seed), in \(directory)")
        progress("probes: fsync, memcpy, pointer chase")
        let probes = ProbeResults(
            fsync: try FsyncProbe.measure(directory: directory, count: plan.fsyncProbes),
            memcpyBytesPerSecond: MemoryProbes.memcpyBytesPerSecond(megabytes: min(plan.probeMegabytes, 64), rounds: 5),
            pointerChaseNanoseconds: MemoryProbes.pointerChaseNanoseconds(
                megabytes: plan.probeMegabytes, steps: plan.probeMegabytes * 20_000, seed: arguments.seed,
                hugePages: arguments.hugePages))
        progress("dataset: generating")
        let clock = Stopwatch.now()
        let vocabulary = try Vocabulary()
        let dataset = BenchDataset.generate(
            vocabulary: vocabulary, seed: arguments.seed, size: plan.size, eventCount: plan.events)
        let generateSeconds = Stopwatch.seconds(since: clock)
        progress("dataset: checksum \(dataset.checksum) (\(vocabulary.words.count) words)")
        progress("load: marfa")
        let marfa = try await CopyHandle(
            url: URL(fileURLWithPath: directory + "/marfa-store"), reopensInChild: arguments.reopenInChild)
        let marfaLoad = try await marfa.load(items: dataset.items, edges: dataset.edges)
        let peerPath = directory + "/peer.db"
        let peerCacheKiB = plan.size >= 1_000_000 ? 6 << 20 : 4 << 20
        let peerCPU = Stopwatch.threadCPUSeconds()
        let peerClock = Stopwatch.now()
        let peer: PeerStore
        var peerCopied = false
        if let cache = arguments.peerCache, try cache.restore(checksum: dataset.checksum, to: peerPath) {
            progress("load: sqlite copied from \(cache.file(checksum: dataset.checksum))")
            peer = try PeerStore(path: peerPath, cacheKiB: peerCacheKiB)
            peerCopied = true
        } else {
            progress("load: sqlite (three FTS5 tables)")
            peer = try PeerStore.create(at: peerPath, cacheKiB: peerCacheKiB)
            try peer.load(items: dataset.items, edges: dataset.edges)
            try arguments.peerCache?.keep(peerPath, checksum: dataset.checksum)
        }
        let peerLoad = Stopwatch.seconds(since: peerClock)
        let peerLoadCPU = Stopwatch.threadCPUSeconds() - peerCPU
        let context = BenchContext(
            plan: plan, directory: directory, dataset: dataset, marfa: marfa, peer: peer, probes: probes)
        context.facts["generate s"] = generateSeconds
        context.facts["load average at start"] = loadAtStart
        context.facts["load marfa s"] = marfaLoad
        context.facts["load sqlite s"] = peerLoad
        context.facts["load sqlite copied from the peer cache"] = peerCopied ? 1 : 0
        context.facts["load sqlite cpu s"] = peerLoadCPU
        if arguments.hugePages { adviseHugePages(context) }
        return BenchSession(arguments: arguments, context: context, machine: machine, startedAt: startedAt)
    }

    /// Runs every selected operation and writes the reports; answers the exit status. On failure (a failed gate
    /// included) the stores are closed and the run's folder removed (unless `--keep`) before the error goes up.
    func run() async throws -> Int32 {
        do {
            return try await runAll()
        } catch {
            context.peer.close()
            await context.marfa.close()
            if !arguments.keep { try? FileManager.default.removeItem(atPath: context.directory) }
            throw error
        }
    }

    private func runAll() async throws -> Int32 {
        peerSizes = try sizesAtStart()
        try await runReads()
        try await runWrites()
        try await runStorage()
        try await runHydration()
        try await runMemory()
        context.facts["load average at end"] = Self.loadAverage()
        let fsync = try FsyncProbe.measure(directory: context.directory, count: context.plan.fsyncProbes)
        context.facts["fsync p50 at end s"] = fsync.p50
        context.facts["fsync p99 at end s"] = fsync.p99
        return try await finish()
    }

    /// The peer's sizes before any write: kept in the peer cache beside its database, since counting them reads every
    /// page (before this run's writes, the run's database is the cached one). Kept sizes are taken only when they
    /// were counted in a file of this length with no WAL, as this run's copy of the cached file is.
    private func sizesAtStart() throws(BenchError) -> PeerSizes {
        let checksum = context.dataset.checksum
        guard let cache = arguments.peerCache else { return try context.peer.sizes() }
        if let counted = cache.sizes(checksum: checksum) {
            let now = context.peer.sizes(counted: counted)
            if now.fileBytes == counted.fileBytes, counted.walBytes == 0, now.walBytes == 0 { return now }
        }
        let sizes = try context.peer.sizes()
        try cache.keepSizes(sizes, checksum: checksum)
        return sizes
    }

    /// Whether `group` is selected.
    func selects(_ group: String) -> Bool {
        arguments.selects(group: group)
    }

    /// Runs `operation` when selected and keeps its result.
    func measure(_ operation: BenchOperation, checked: Bool = false) async throws {
        guard arguments.selects(group: operation.group, name: operation.name) else { return }
        let (result, _) = try await runner.run(operation, checked: checked)
        results.append(result)
    }
}
