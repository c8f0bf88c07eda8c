import MarfaEngine
import MarfaRules

/// The records of a crash restore, made by each writer as it goes rather than held up front: record `r` retitles
/// the item `ids[r % ids.count]` and raises it to its base version plus `1 + r / ids.count`, and the writer of that
/// id (its index modulo the writers) commits its records in order. At 1M records this holds the ids and their base
/// versions instead of a million item copies.
struct CrashRecordPlan: Sendable {
    /// The records to write.
    let records: Int
    /// The concurrent writers.
    let writers: Int
    /// Every item id, sorted.
    let ids: [String]
    /// The version of each id before the writes, by index in `ids`.
    private let baseVersions: [Int64]

    /// The plan for `records` records over the items of `state` (which the plan does not keep).
    init(records: Int, writers: Int, from state: CopyState) {
        self.records = records
        self.writers = writers
        ids = state.items.keys.sorted()
        baseVersions = ids.map { state.items[$0]?.version ?? 0 }
    }

    /// Commits writer `writer`'s records one by one, each acknowledged before the next, reading the item it
    /// retitles from `copy`, bin included (where only this writer changes it).
    func write(_ writer: Int, to copy: CopyActor) async throws {
        guard !ids.isEmpty else { return }
        for pass in 0..<(records + ids.count - 1) / ids.count {
            for index in stride(from: writer, to: ids.count, by: writers) {
                let record = pass * ids.count + index
                guard record < records else { break }
                guard var item = try await copy.items([ids[index]], includingBin: true).first else {
                    throw BenchError("crash restore: \(ids[index]) vanished before its record \(record)")
                }
                item.version = baseVersions[index] + Int64(1 + pass)
                item.properties["title"] = .string("crash record \(record)")
                try await copy.commit([.putItem(item)])
            }
        }
    }

    /// Throws unless every acknowledged write is in `state` at its version: each written id at its base version
    /// plus the number of records written to it.
    func requireVersions(in state: CopyState) throws {
        guard !ids.isEmpty else { return }
        for (index, id) in ids.enumerated() {
            let writes = records / ids.count + (index < records % ids.count ? 1 : 0)
            guard writes > 0 else { continue }
            let version = baseVersions[index] + Int64(writes)
            guard state.items[id]?.version == version else {
                throw BenchError("crash restore: acknowledged write lost: \(id) should be at v\(version)")
            }
        }
    }
}
