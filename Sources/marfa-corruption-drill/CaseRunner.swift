import Foundation
import MarfaRules
import MarfaStorage

/// What one case came to.
enum CaseOutcome {
    /// The store opened holding every write acknowledged before the damage.
    case kept
    /// The store was refused with a code naming one of its files, and left as it was.
    case refused
    /// The store opened without the writes after a torn tail it cut, holding every other, and `status` reports
    /// the cut (file and offset).
    case cutReported
    /// The journal was cut at a record's end: the writes after it are gone with nothing left to tell (a known
    /// limit), every write before it is held.
    case endedAtRecordEnd
    /// An acknowledged write the store should hold is missing, or a refusal named no file or changed the store.
    case silentLoss(String)
    /// A process died of a signal or answered what is not the device's JSON.
    case crash(String)
}

/// Runs cases on copies of a baseline store and judges each against the drill's acknowledged log.
struct CaseRunner {
    let marfa: Marfa
    /// Where case stores are made (one at a time).
    let scratch: String

    /// Copies `baseline` (hard links for files the case leaves alone, copies for the ones it changes and for the
    /// newest segment, which an open may cut), damages it, opens it with `marfa device … queue`, and judges it.
    func run(_ damage: DamageCase, on baseline: String, log: AcknowledgedLog, spans: [RecordSpan]) throws
        -> CaseOutcome
    {
        let store = scratch + "/case"
        try? FileManager.default.removeItem(atPath: store)
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
        let names = try FileManager.default.contentsOfDirectory(atPath: baseline)
        let newest = names.compactMap(StoreFileName.segmentNumber(of:)).max().map(StoreFileName.segment)
        for name in names {
            let copied = damage.changes.contains(name) || name == newest
            let from = baseline + "/" + name
            if copied { try FileManager.default.copyItem(atPath: from, toPath: store + "/" + name) }
            else { try FileManager.default.linkItem(atPath: from, toPath: store + "/" + name) }
        }
        try damage.damage(store)
        return try judge(
            store, owed: log.owed(in: spans, damagedAt: damage.place), all: log.acknowledgements,
            lossReported: damage.lossReported)
    }

    /// Opens `store` with a real process and checks it holds every acknowledgement in `owed` and, when it lost any
    /// other of `all` (a torn tail cut), that its `status` reports the cut; or that it was refused with a code
    /// naming a file of the store and left as it was. Without `lossReported`, a loss after the owed ones (a journal
    /// cut at a record's end) needs no report.
    func judge(
        _ store: String, owed: [Acknowledgement], all: [Acknowledgement], lossReported: Bool = true
    ) throws -> CaseOutcome {
        let before = try sizes(store)
        let result = try marfa.run(["device", "--db", store, "queue"])
        if result.signaled || result.status >= 128 {
            return .crash("exit \(result.status)\(result.signaled ? " (signal)" : ""): \(result.stderr)")
        }
        if result.status != 0 {
            guard let code = result.code else { return .crash("exit \(result.status), unreadable: \(result.stderr)") }
            guard result.message.contains(store + "/") else {
                return .silentLoss("refused \(code) naming no file of the store: \(result.message)")
            }
            let after = try sizes(store)
            guard after == before else { return .silentLoss("refused \(code) but the store changed: \(after)") }
            return .refused
        }
        guard let rows = result.answer?.array else { return .crash("the queue answer is not a list") }
        var verdicts: [String: Bool] = [:]
        for row in rows {
            guard let id = row.object?["id"]?.string else { continue }
            verdicts[id] = row.object?["verdict"]?.string != nil
        }
        func isMissing(_ made: Acknowledgement) -> Bool {
            verdicts[made.id] == nil || (made.answered && verdicts[made.id] != true)
        }
        let missing = owed.filter(isMissing)
        guard missing.isEmpty else {
            let shown = missing.prefix(3).map { "\($0.id)\($0.answered ? " (verdict)" : "")" }
            return .silentLoss("\(missing.count) acknowledged writes missing, e.g. \(shown)")
        }
        let cut = all.filter(isMissing).count
        guard cut > 0 else { return .kept }
        guard lossReported else { return .endedAtRecordEnd }
        let status = try marfa.run(["device", "--db", store, "status"])
        let torn = status.answer?.object?["recovery"]?.object?["torn_tail"]?.object?["file"]?.string
        guard let torn, torn.hasPrefix(store + "/") else {
            return .silentLoss("\(cut) acknowledged writes after the damage gone, and status reports no cut")
        }
        return .cutReported
    }

    /// Each file's size in `store`, to see that a refusal left it alone.
    private func sizes(_ store: String) throws -> [String: UInt64] {
        var sizes: [String: UInt64] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: store) {
            sizes[name] = try Files.size(store + "/" + name)
        }
        return sizes
    }
}
