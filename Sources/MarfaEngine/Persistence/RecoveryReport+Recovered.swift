import Foundation
import MarfaRules
import MarfaStorage

extension RecoveryReport {
    /// The metadata file the last notable recovery is kept in (Decision 0076).
    static let fileName = "recovery.json"

    /// The report of what recovering `recovered` did in `directory`.
    init(_ recovered: RecoveredStore, in directory: StoreDirectory, metadataMissing: Bool) {
        self.init(
            segment: recovered.nextSegment,
            snapshot: recovered.snapshotSegment.map { directory.filePath(StoreFileName.snapshot($0)) },
            skippedSnapshots: recovered.skippedSnapshots.map { StoreDamage($0, in: directory) },
            tornTail: recovered.tornTail.map {
                TornTail(
                    file: $0.path, offset: $0.offset, bytesCut: $0.wasCut ? $0.fileLength - $0.offset : 0,
                    reason: $0.reason.rawValue)
            },
            strayFiles: recovered.strayFiles, metadataMissing: metadataMissing)
    }

    /// Keeps a notable report as the writer's last recovery; anything else leaves the kept one as it is.
    func keep(in directory: StoreDirectory) throws(MarfaError) {
        guard isNotable, directory.role == .writer else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(self) else {
            throw MarfaError.store(message: "could not encode the recovery report")
        }
        try StorageBridge.run { try directory.writeMetadata(Array(bytes), named: Self.fileName) }
    }

    /// The report kept by the last notable recovery, nil when there was none or it cannot be read (it is a
    /// report, never a reason to refuse the store).
    static func kept(in directory: StoreDirectory) -> RecoveryReport? {
        guard let bytes = try? directory.readMetadata(named: fileName) else { return nil }
        return try? JSONDecoder().decode(RecoveryReport.self, from: Data(bytes))
    }
}

extension StoreDamage {
    /// The damage a storage error names (its file, or the folder, its offset and message).
    init(_ error: StorageError, in directory: StoreDirectory) {
        self.init(file: error.path ?? directory.path, offset: error.offset, message: error.message)
    }
}
