import Dispatch

/// Writes and deletes snapshot files on its own serial queue, so compression and fsyncs never block the
/// cooperative pool.
///
/// A snapshot is streamed to `snapshot-<n>.zst.tmp`, fsynced, read back and verified, renamed into place and the
/// folder fsynced, so a crash leaves either no snapshot `n` or a complete one, and a snapshot that does not read
/// back never takes the place of the previous one (Issue 26.3).
package final class SnapshotWriter: Sendable {
    /// The store folder the snapshots live in.
    package let directory: StoreDirectory
    /// The zstd level used for new snapshots (1 is fastest).
    package let compressionLevel: Int32
    /// The zstd worker threads a snapshot is compressed on (0: on the writer's own queue).
    package let compressionWorkers: Int32
    /// Payload bytes per zstd frame (`SnapshotFrames`).
    package let frameBytes: Int
    private let queue = DispatchQueue(label: "marfa.snapshot-writer")

    /// Creates a writer for `directory`; refused "reading_handle" for a reader.
    package init(
        directory: StoreDirectory, compressionLevel: Int32 = 1, compressionWorkers: Int32 = 2,
        frameBytes: Int = SnapshotFrames.defaultFrameBytes
    ) throws {
        try directory.requireWriter()
        precondition(frameBytes > 0, "a snapshot frame holds at least one byte")
        self.directory = directory
        self.compressionLevel = compressionLevel
        self.compressionWorkers = compressionWorkers
        self.frameBytes = frameBytes
    }

    /// Durably writes snapshot `segment`: the state after every record of segments below `segment`.
    ///
    /// Answers the file's size in bytes. Replaces an existing snapshot with the same number.
    @discardableResult
    package func write(_ payload: [UInt8], segment: UInt64) async throws -> Int {
        try await write(segment: segment) { try $0.append(payload) }
    }

    /// Durably writes snapshot `segment` from the payload `produce` hands to the sink, piece by piece, on the
    /// writer's queue; answers the file's size in bytes.
    ///
    /// The payload is compressed as it arrives (on `compressionWorkers` zstd threads), a frame per `frameBytes`, and
    /// written through a large buffer, the frames' trailer after them; the header, which needs the payload's length
    /// and checksum, is written last, before the fsync.
    @discardableResult
    package func write(
        segment: UInt64, produce: @escaping @Sendable (SnapshotPayloadSink) throws -> Void
    ) async throws -> Int {
        try await write(named: StoreFileName.snapshot(segment), segment: segment, produce: produce)
    }

    /// Durably writes the word index stored beside snapshot `segment` (Decision 0071), as `write(segment:produce:)`
    /// writes a snapshot: the same header, frames and checksum, under the name `StoreFileName.wordIndex`.
    @discardableResult
    package func writeWordIndex(
        segment: UInt64, produce: @escaping @Sendable (SnapshotPayloadSink) throws -> Void
    ) async throws -> Int {
        try await write(named: StoreFileName.wordIndex(segment), segment: segment, produce: produce)
    }

    private func write(
        named name: String, segment: UInt64, produce: @escaping @Sendable (SnapshotPayloadSink) throws -> Void
    ) async throws -> Int {
        try await perform { [directory, compressionLevel, compressionWorkers, frameBytes] in
            let path = directory.filePath(name)
            let temporary = path + StoreFileName.temporarySuffix
            do {
                let file = try BufferedFile(creating: temporary)
                let placeholder = [UInt8](repeating: 0, count: SnapshotHeader.size)
                try placeholder.withUnsafeBytes { try file.write($0) }
                var size = placeholder.count
                let compressor = try ZstdStream(level: compressionLevel, workers: compressionWorkers) { block in
                    size += block.count
                    try file.write(block)
                }
                let sink = SnapshotPayloadSink(compressor: compressor, frameBytes: frameBytes)
                try produce(sink)
                try sink.finish()
                let trailer = SnapshotFrames.trailer(frameBytes: frameBytes)
                try trailer.withUnsafeBytes { try file.write($0) }
                size += trailer.count
                try file.flush()
                let header = SnapshotHeader(
                    segment: segment, payloadLength: sink.length, payloadChecksum: sink.checksum)
                try file.overwrite(header.encoded(), at: 0)
                try file.sync()
                try SnapshotReader(directory: directory).verify(
                    named: name + StoreFileName.temporarySuffix, segment: segment)
                try FileIO.rename(temporary, to: path)
                try FileIO.syncDirectory(directory.path)
                return size
            } catch {
                try? FileIO.remove(temporary)
                throw error
            }
        }
    }

    /// Deletes every snapshot numbered below `segment` and every word index stored beside a snapshot numbered below
    /// `wordIndexes` (at least `segment`), and fsyncs the folder, after any write already queued; refused
    /// "reading_handle" when this writer no longer holds the folder at its path (Issue 26.2).
    package func deleteSnapshots(before segment: UInt64, wordIndexesBefore wordIndexes: UInt64? = nil) async throws {
        let wordIndexes = max(wordIndexes ?? segment, segment)
        try await perform { [directory] in
            try directory.requireStillTheWriter()
            for name in try directory.fileNames() {
                let old = StoreFileName.snapshotNumber(of: name).map { $0 < segment }
                    ?? StoreFileName.wordIndexNumber(of: name).map { $0 < wordIndexes } ?? false
                if old { try FileIO.remove(directory.filePath(name)) }
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
