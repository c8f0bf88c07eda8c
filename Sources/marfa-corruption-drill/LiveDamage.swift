import Foundation
import MarfaRules
import MarfaStorage

/// The cases that need a running process or a limit on one: a `lock` deleted under a live writer, and a full disk.
struct LiveDamage {
    let marfa: Marfa
    let runner: CaseRunner
    let instance: ServedInstance
    /// Where the case stores are made.
    let folder: String
    /// How many full-disk operations were refused `storage_full` (the rest were acknowledged).
    let fullDiskRefusals = Counter()

    /// A `follow` holds the store as its writer; `lock` is deleted; a second process's write must be refused
    /// `reading_handle` (one writer per store, Issue 26.2); once the follow ends, everything acknowledged is there.
    func lockDeletedUnderAWriter(_ baseline: String, log: AcknowledgedLog) throws -> CaseOutcome {
        let store = try fullCopy(of: baseline, named: "live")
        let segmentsBefore = try segmentCount(store)
        let follow = try marfa.start(["device", "--db", store, "follow"] + instance.serverArguments)
        defer {
            if follow.isRunning { kill(follow.processIdentifier, SIGINT) }
            follow.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(30)
        while try segmentCount(store) == segmentsBefore, Date() < deadline { usleep(20_000) }
        guard follow.isRunning, try segmentCount(store) > segmentsBefore else {
            return .crash("the follow did not open the store as its writer")
        }
        try FileManager.default.removeItem(atPath: store + "/" + StoreDirectory.lockFileName)
        let second = try marfa.run(
            ["device", "--db", store, "items", "create", "--type", "core.note", "--properties",
                "{\"title\":\"Second writer\",\"body\":\"Must be refused.\"}"])
        if second.signaled || second.status >= 128 { return .crash("the second writer: \(second.stderr)") }
        guard second.status != 0 else { return .silentLoss("a second process wrote while the follow held the store") }
        guard second.code == "reading_handle" else {
            return .silentLoss("the second writer was refused \(second.code ?? "?") instead of reading_handle")
        }
        kill(follow.processIdentifier, SIGINT)
        follow.waitUntilExit()
        return try runner.judge(store, owed: log.acknowledgements, all: log.acknowledgements)
    }

    /// One operation under a file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored): a create whose body takes
    /// `bodyBytes`, or with `drain`, a drain of the queued writes; it is acknowledged or refused `storage_full`,
    /// and then, without the limit, every acknowledged write is there.
    func fullDisk(_ baseline: String, log: AcknowledgedLog, limitKiB: Int, bodyBytes: Int, drain: Bool = false)
        throws -> CaseOutcome
    {
        let store = try fullCopy(of: baseline, named: "full-\(limitKiB)-\(bodyBytes)-\(drain)")
        let body = String(repeating: "b", count: bodyBytes)
        let operation = drain
            ? ["drain"] + instance.serverArguments
            : ["items", "create", "--type", "core.note", "--properties",
                "{\"title\":\"Under a limit\",\"body\":\"\(body)\"}"]
        let result = try marfa.run(["device", "--db", store] + operation, fileSizeKiB: limitKiB)
        if result.signaled || result.status >= 128 { return .crash("exit \(result.status): \(result.stderr)") }
        var owed = log.acknowledgements
        if result.status == 0 {
            if drain {
                for verdict in result.answer?.object?["verdicts"]?.array ?? [] {
                    guard let id = verdict.object?["id"]?.string, verdict.object?["verdict"]?.string != nil else {
                        continue
                    }
                    owed.append(Acknowledgement(id: id, answered: true))
                }
            } else {
                guard let id = result.answer?.object?["id"]?.string else { return .crash("no id in an acknowledgement") }
                owed.append(Acknowledgement(id: id, answered: false))
            }
        } else if result.code != "storage_full" {
            return .silentLoss("refused \(result.code ?? "?") instead of storage_full: \(result.message)")
        }
        fullDiskRefusals.add(result.status == 0 ? 0 : 1)
        return try runner.judge(store, owed: owed, all: owed)
    }

    private func fullCopy(of baseline: String, named name: String) throws -> String {
        let store = folder + "/" + name
        try? FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: baseline, toPath: store)
        return store
    }

    private func segmentCount(_ store: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: store).filter {
            StoreFileName.segmentNumber(of: $0) != nil
        }.count
    }
}

/// A count kept across calls.
final class Counter {
    private(set) var value = 0

    func add(_ amount: Int) {
        value += amount
    }
}
