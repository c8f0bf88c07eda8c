import Foundation
import MarfaStorage

/// The journal with no engine around it, as a side of `write/concurrent-N`: the same rounds of durable writes by the
/// same number of writer tasks, each a record as long as one of ours, enqueued and awaited, with no encoding,
/// apply or indexes. Alternated with ours, it shows what group commit itself reaches on this disk at this moment
/// (Decision 0045): the ceiling, writers ÷ one group's append + fdatasync (Decision 0048), leaves out the journal's
/// own work and the groups it actually forms.
final class JournalAlone: @unchecked Sendable {
    private let folder: String
    private let payload: [UInt8]
    private let lock = NSLock()
    private var opened: (directory: StoreDirectory, journal: Journal)?

    /// A journal in a scratch store `folder` (made on the first round, removed on `close`), for `recordBytes` records.
    init(folder: String, recordBytes: Int) {
        self.folder = folder
        payload = [UInt8](repeating: 0x5A, count: max(1, recordBytes))
    }

    /// One round: `writers` tasks make `records ÷ writers` records durable each, one at a time.
    func round(writers: Int, records: Int) async throws {
        let journal = try self.journal()
        let payload = payload
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<writers {
                group.addTask {
                    for _ in 0..<(records / writers) { try await journal.waitDurable(try journal.enqueue(payload)) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Closes the journal and removes the scratch store.
    func close() async throws {
        guard let (directory, journal) = lock.withLock({ opened }) else { return }
        lock.withLock { opened = nil }
        try await journal.close()
        directory.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func journal() throws -> Journal {
        try lock.withLock {
            if let opened { return opened.journal }
            try? FileManager.default.removeItem(atPath: folder)
            let directory = try StoreDirectory.open(at: folder)
            let journal = try Journal.open(in: directory, segment: 1)
            opened = (directory, journal)
            return journal
        }
    }
}
