import Foundation
import MarfaRules
import MarfaStorage

/// The corruption drill (Issue 26.5): damages real stores made by real `marfa` processes against a served
/// reference instance, opens each with a real process, and checks it holds every write acknowledged before the
/// damage, or refuses with a code naming the file. Compared against the drill's own acknowledged log, never the
/// store's word. Last line: `corruption drill: N cases, L silent losses, C crashes`.
@main
struct CorruptionDrill {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let short = arguments.contains("--short")
        let seed = value("--seed", in: arguments).flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
        let folder = FileManager.default.temporaryDirectory.path + "/marfa-corruption-drill-\(UUID().uuidString)"
        var tally = Tally()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try run(in: folder, short: short, seed: seed, tally: &tally)
        } catch {
            FileHandle.standardError.write(Data("corruption drill could not run: \(error)\n".utf8))
            exit(1)
        }
        print(tally.summary(seed: seed))
        print("corruption drill: \(tally.cases) cases, \(tally.losses) silent losses, \(tally.crashes) crashes")
        exit(tally.losses == 0 && tally.crashes == 0 ? 0 : 1)
    }

    private static func run(in folder: String, short: Bool, seed: UInt64, tally: inout Tally) throws {
        let marfa = try Marfa()
        let instance = try ServedInstance(marfa: marfa, folder: folder + "/instance")
        defer { instance.stop() }
        let baselines = try BaselineStores.build(in: folder, marfa: marfa, instance: instance)
        let runner = CaseRunner(marfa: marfa, scratch: folder)
        var catalog = CaseCatalog(short: short, random: SplitMixRandom(seed: seed))

        let drainedSpans = try baselines.drainedLog.spans(of: baselines.drained)
        let snapshot = try FileManager.default.contentsOfDirectory(atPath: baselines.drained)
            .compactMap(StoreFileName.snapshotNumber(of:)).max() ?? 0
        let journalCases = catalog.truncations(of: drainedSpans)
            + catalog.flips(of: drainedSpans, from: snapshot, records: short ? 10 : 50, payloads: short ? 30 : 200)
        for damage in journalCases {
            tally.add(damage.name, try runner.run(
                damage, on: baselines.drained, log: baselines.drainedLog, spans: drainedSpans))
        }
        let queuedSpans = try baselines.queuedLog.spans(of: baselines.queued)
        let storeCases = try catalog.snapshotDamage(in: baselines.queued, payloads: short ? 4 : 20)
            + catalog.folderDamage(in: baselines.queued)
        for damage in storeCases {
            tally.add(damage.name, try runner.run(
                damage, on: baselines.queued, log: baselines.queuedLog, spans: queuedSpans))
        }
        let live = LiveDamage(marfa: marfa, runner: runner, instance: instance, folder: folder)
        tally.add("lock deleted under a live writer", try live.lockDeletedUnderAWriter(
            baselines.queued, log: baselines.queuedLog))
        let limits = short ? [(1, 100), (1, 4000), (8, 30000)]
            : [(1, 100), (1, 2000), (2, 4000), (4, 8000), (8, 30000), (16, 60000), (64, 100_000), (300, 100_000)]
        for (limit, body) in limits {
            tally.add("full disk: a \(body)-byte write under a \(limit) KiB file-size limit", try live.fullDisk(
                baselines.queued, log: baselines.queuedLog, limitKiB: limit, bodyBytes: body))
        }
        for limit in short ? [2] : [1, 2, 4] {
            tally.add("full disk: a drain under a \(limit) KiB file-size limit", try live.fullDisk(
                baselines.queued, log: baselines.queuedLog, limitKiB: limit, bodyBytes: 0, drain: true))
        }
        print("full disk: \(live.fullDiskRefusals.value) of \(limits.count + (short ? 1 : 3)) operations refused storage_full")
    }

    private static func value(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}

/// The counts the last line reports, with each finding printed as it comes.
struct Tally {
    var cases = 0
    var losses = 0
    var crashes = 0
    var refused = 0
    var cutReported = 0
    var endedAtRecordEnd = 0

    /// The line before the last: how the cases that passed ended.
    func summary(seed: UInt64) -> String {
        let kept = cases - refused - cutReported - endedAtRecordEnd - losses - crashes
        return "seed \(seed): \(kept) opened holding every acknowledged write, \(cutReported) cut a torn tail and "
            + "reported it, \(endedAtRecordEnd) truncated at a record's end (the writes after it lost, nothing to "
            + "tell), \(refused) refused naming the file"
    }

    mutating func add(_ name: String, _ outcome: CaseOutcome) {
        cases += 1
        switch outcome {
        case .kept: break
        case .refused: refused += 1
        case .cutReported: cutReported += 1
        case .endedAtRecordEnd: endedAtRecordEnd += 1
        case .silentLoss(let why):
            losses += 1
            print("SILENT LOSS: \(name): \(why)")
        case .crash(let why):
            crashes += 1
            print("CRASH: \(name): \(why)")
        }
    }
}
