import MarfaRules
import MarfaStorage
import Synchronization

/// The instance's durable side (Decision 0008): a journal record per write (group commit), snapshots that let old
/// segments go, and recovery of both on open. The data folder's writer lock keeps a second instance out.
package final class InstancePersistence: Sendable {
    /// The data folder.
    package let directory: StoreDirectory
    private let journal: Journal
    private let snapshots: SnapshotWriter
    private let snapshotRunning = Atomic(false)

    private init(directory: StoreDirectory, journal: Journal, snapshots: SnapshotWriter) {
        self.directory = directory
        self.journal = journal
        self.snapshots = snapshots
    }

    /// Opens the data folder at `path` (creating it 0700), rebuilds the state from its newest snapshot and every
    /// later record, and starts a new journal segment.
    /// - Throws: `MarfaError.readingHandle` when another process holds the folder, `store_corrupt` for damage.
    package static func open(at path: String) throws -> (InstancePersistence, InstanceState, replayed: Int) {
        let directory = try storage { try StoreDirectory.open(at: path) }
        guard directory.role == .writer else {
            throw MarfaError.readingHandle(message: "another instance holds the data folder \(path)")
        }
        let recovered = try storage { try Recovery.recover(directory) }
        var state = InstanceState()
        if let image = recovered.snapshot {
            for change in try InstanceChangeCodec.decode(image) { state.apply(change) }
        }
        for record in recovered.records {
            for change in try InstanceChangeCodec.decode(record) { state.apply(change) }
        }
        let journal = try storage { try Journal.open(in: directory, segment: recovered.nextSegment) }
        let snapshots = try storage { try SnapshotWriter(directory: directory) }
        let persistence = InstancePersistence(directory: directory, journal: journal, snapshots: snapshots)
        return (persistence, state, recovered.records.count)
    }

    /// Fixes the order of one write's changes in the journal and answers its sequence number; call it under the
    /// state lock so journal order equals memory order.
    package func enqueue(_ changes: [InstanceChange]) throws(MarfaError) -> UInt64 {
        let payload = InstanceChangeCodec.encode(changes)
        return try Self.storage { try journal.enqueue(payload) }
    }

    /// Returns once record `sequence` and every earlier one are on disk.
    package func waitDurable(_ sequence: UInt64) async throws(MarfaError) {
        do {
            try await journal.waitDurable(sequence)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Whether the current segment has grown past `threshold` bytes and no snapshot is being written.
    package func wantsSnapshot(threshold: UInt64) -> Bool {
        journal.bytesInCurrentSegment > threshold && !snapshotRunning.load(ordering: .relaxed)
    }

    /// Starts a snapshot: claims the single snapshot slot and rotates the journal, answering the segment the image
    /// must be numbered with, or nil when a snapshot is already being written. Call it under the state lock and
    /// capture the state in the same step.
    package func beginSnapshot() throws(MarfaError) -> UInt64? {
        guard
            snapshotRunning.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
                .exchanged
        else { return nil }
        do {
            return try Self.storage { try journal.rotate() }
        } catch {
            snapshotRunning.store(false, ordering: .releasing)
            throw error
        }
    }

    /// Writes `image` as snapshot `segment` off the caller's thread, then deletes the segments and snapshots it
    /// replaces, and frees the snapshot slot.
    package func finishSnapshot(_ image: InstanceState, segment: UInt64) async throws(MarfaError) {
        defer { snapshotRunning.store(false, ordering: .releasing) }
        do {
            let changes = image.snapshotChanges
            try await snapshots.write(segment: segment) { sink in
                try InstanceChangeCodec.encode(changes) { try sink.append($0) }
            }
            try journal.deleteSegments(before: segment)
            try await snapshots.deleteSnapshots(before: segment)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Waits until everything enqueued is durable, stops the journal and releases the folder.
    package func close() async {
        try? await journal.close()
        directory.close()
    }

    private static func storage<T>(_ body: () throws -> T) throws(MarfaError) -> T {
        do {
            return try body()
        } catch {
            throw translate(error)
        }
    }

    private static func translate(_ error: any Error) -> MarfaError {
        if let error = error as? MarfaError { return error }
        guard let error = error as? StorageError else { return .io(message: "\(error)") }
        switch error.code {
        case StorageError.storeCorrupt:
            return .storeCorrupt(path: error.path ?? "", offset: Int64(error.offset ?? 0), message: error.description)
        case StorageError.readingHandle: return .readingHandle(message: error.description)
        default: return .io(message: error.description)
        }
    }
}
