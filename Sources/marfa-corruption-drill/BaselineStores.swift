import Foundation
import MarfaRules

/// The stores the drill damages, made by real `marfa` processes against a served reference instance: a copy
/// hydrated from the instance, writes queued one process each (enough for two snapshots at open), a drain that
/// answers them, then writes left queued.
struct BaselineStores {
    /// The store right after the drain: its newest segment holds the drain's verdict records.
    var drained: String
    /// The store after further writes were queued: the final store.
    var queued: String
    /// The acknowledgements given up to `drained`.
    var drainedLog: AcknowledgedLog
    /// The acknowledgements given up to `queued`.
    var queuedLog: AcknowledgedLog

    /// Builds both stores in `folder`, talking to `instance`.
    static func build(in folder: String, marfa: Marfa, instance: ServedInstance) throws -> BaselineStores {
        let environment = ["MARFA_API_URL": instance.url, "MARFA_API_KEY": instance.key]
        for number in 1...3 {
            try expectSuccess(marfa.run(
                ["items", "create", "--type", "core.note", "--prop", "title=Held \(number)", "--prop",
                    "body=Served by the instance"], environment: environment), "an instance note")
        }
        let store = folder + "/store"
        try expectSuccess(marfa.run(
            ["device", "--db", store, "hydrate", "--types", "core.note", "--tier", "all"] + instance.serverArguments),
            "the hydration")
        var log = AcknowledgedLog()
        // 34 writes, one process (one journal segment) each: an open with 16 segments since the last snapshot
        // writes one, so the store holds two snapshots and the segments after the older (Decision 0075).
        for number in 1...34 { log.acknowledgements.append(try queueNote(number, in: store, marfa: marfa)) }
        let drain = try expectSuccess(
            marfa.run(["device", "--db", store, "drain"] + instance.serverArguments), "the drain")
        for verdict in drain.answer?.object?["verdicts"]?.array ?? [] {
            guard let id = verdict.object?["id"]?.string, verdict.object?["verdict"]?.string != nil else { continue }
            log.acknowledgements.append(Acknowledgement(id: id, answered: true))
        }
        let drained = folder + "/drained"
        try FileManager.default.copyItem(atPath: store, toPath: drained)
        let drainedLog = log
        for number in 35...38 { log.acknowledgements.append(try queueNote(number, in: store, marfa: marfa)) }
        return BaselineStores(drained: drained, queued: store, drainedLog: drainedLog, queuedLog: log)
    }

    /// Queues one note create in its own process and answers its acknowledgement.
    static func queueNote(_ number: Int, in store: String, marfa: Marfa) throws -> Acknowledgement {
        let result = try expectSuccess(marfa.run(
            ["device", "--db", store, "items", "create", "--type", "core.note", "--properties",
                "{\"title\":\"Queued \(number)\",\"body\":\"Written by the drill, number \(number).\"}"]),
            "queued write \(number)")
        guard let id = result.answer?.object?["id"]?.string else { throw DrillFailure("a queued write had no id") }
        return Acknowledgement(id: id, answered: false)
    }

    @discardableResult
    private static func expectSuccess(_ result: ProcessResult, _ what: String) throws -> ProcessResult {
        guard result.status == 0, !result.signaled else {
            throw DrillFailure("\(what) failed (exit \(result.status)): \(result.stderr)")
        }
        return result
    }
}
