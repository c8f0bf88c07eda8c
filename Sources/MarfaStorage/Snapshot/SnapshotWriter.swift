import Dispatch

/// Writes and deletes snapshot files on its own serial queue, so compression and fsyncs never block the
/// cooperative pool.
///
/// A snapshot is written to `snapshot-<n>.zst.tmp`, fsynced, renamed into place and the folder fsynced, so a
/// crash leaves either no snapshot `n` or a complete one.
package final class SnapshotWriter: Sendable {
    /// The store folder the snapshots live in.
    package let directory: StoreDirectory
    /// The zstd level used for new snapshots (1 is fastest).
    package let compressionLevel: Int32
    private let queue = DispatchQueue(label: "marfa.snapshot-writer")

    /// Creates a writer for `directory`; refused "reading_handle" for a reader.
    package init(directory: StoreDirectory, compressionLevel: Int32 = 1) throws {
        try directory.requireWriter()
        self.directory = directory
        self.compressionLevel = compressionLevel
    }

    /// Durably writes snapshot `segment`: the state after every record of segments below `segment`.
    ///
    /// Answers the file's size in bytes. Replaces an existing snapshot with the same number.
    @discardableResult
    package func write(_ payload: [UInt8], segment: UInt64) async throws -> Int {
        try await perform { [directory, compressionLevel] in
            let header = SnapshotHeader(
                segment: segment,
                payloadLength: UInt64(payload.count),
                payloadChecksum: CRC32C.checksum(payload)
            )
            var file = header.encoded()
            file.append(contentsOf: try Zstd.compress(payload, level: compressionLevel))
            let path = directory.filePath(StoreFileName.snapshot(segment))
            try AtomicFile.write(file, to: path, directory: directory.path)
            return file.count
        }
    }

    /// Deletes every snapshot numbered below `segment` and fsyncs the folder, after any write already queued.
    package func deleteSnapshots(before segment: UInt64) async throws {
        try await perform { [directory] in
            for name in try directory.fileNames() {
                if let number = StoreFileName.snapshotNumber(of: name), number < segment {
                    try FileIO.remove(directory.filePath(name))
                }
            }
            try directory.sync()
        }
    }

    private func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
