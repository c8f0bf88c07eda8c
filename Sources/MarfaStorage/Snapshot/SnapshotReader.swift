/// Reads and verifies snapshot files; any opener, writer or reader, may use it.
package struct SnapshotReader: Sendable {
    /// The store folder the snapshots live in.
    package let directory: StoreDirectory

    /// Creates a reader for `directory`.
    package init(directory: StoreDirectory) {
        self.directory = directory
    }

    /// Answers the numbers of the snapshot files present, newest first.
    package func snapshotSegments() throws -> [UInt64] {
        try directory.fileNames().compactMap(StoreFileName.snapshotNumber(of:)).sorted(by: >)
    }

    /// Answers the verified payload of snapshot `segment`.
    ///
    /// Throws "store_corrupt" (with path and offset) when the header, the zstd frame, the length or the payload
    /// checksum is wrong, or when the header names another segment than the file name.
    package func read(segment: UInt64) throws -> [UInt8] {
        let path = directory.filePath(StoreFileName.snapshot(segment))
        let (header, decompressed) = try MappedFile(path: path).withBytes {
            file -> (SnapshotHeader, (payload: [UInt8], checksum: UInt32)) in
            let header = try Self.checkedHeader(of: file, segment: segment, path: path)
            do {
                let frames = UnsafeRawBufferPointer(rebasing: file[SnapshotHeader.size...])
                return (header, try SnapshotFrames.decompress(frames, size: Int(header.payloadLength)))
            } catch let error as StorageError {
                throw StorageError.corrupt(error.message, path: path, offset: UInt64(SnapshotHeader.size))
            }
        }
        guard decompressed.checksum == header.payloadChecksum else {
            throw StorageError.corrupt(
                "snapshot payload checksum mismatch", path: path, offset: UInt64(SnapshotHeader.size))
        }
        return decompressed.payload
    }

    /// Opens snapshot `segment` for reading its payload piece by piece (Decision 0052), after the checks `read`
    /// makes before decompressing; the length and checksum are checked by the stream once it is read to the end.
    package func stream(segment: UInt64) throws -> SnapshotPayloadStream {
        try stream(named: StoreFileName.snapshot(segment), segment: segment)
    }

    /// Opens the word index stored beside snapshot `segment` (Decision 0071) as `stream(segment:)` opens the
    /// snapshot; nil when there is none.
    package func wordIndexStream(segment: UInt64) throws -> SnapshotPayloadStream? {
        let name = StoreFileName.wordIndex(segment)
        guard AtomicFile.exists(directory.filePath(name)) else { return nil }
        return try stream(named: name, segment: segment)
    }

    /// Reads the snapshot file `name` (a snapshot or a stored word index, perhaps still under its temporary name)
    /// to its end and checks its header, frames, length and payload checksum, holding one piece at a time: a
    /// snapshot is read back this way before it replaces anything (Issue 26.3). Throws "store_corrupt".
    package func verify(named name: String, segment: UInt64) throws {
        let stream = try stream(named: name, segment: segment)
        var piece = [UInt8](repeating: 0, count: 1 << 18)
        while try piece.withUnsafeMutableBytes({ try stream.read(into: $0) }) > 0 {}
        try stream.verify()
    }

    private func stream(named name: String, segment: UInt64) throws -> SnapshotPayloadStream {
        let path = directory.filePath(name)
        let file = try MappedFile(path: path)
        let header = try file.withBytes { file in
            let header = try Self.checkedHeader(of: file, segment: segment, path: path)
            do {
                let frames = UnsafeRawBufferPointer(rebasing: file[SnapshotHeader.size...])
                try SnapshotFrames.checkTrailer(of: frames, size: Int(header.payloadLength))
            } catch let error as StorageError {
                throw StorageError.corrupt(error.message, path: path, offset: UInt64(SnapshotHeader.size))
            }
            return header
        }
        return try SnapshotPayloadStream(path: path, file: file, header: header)
    }

    /// The header at the start of `file`, checked to name `segment` and a length this build can hold and the file's
    /// frames can expand to: a damaged length is refused before any memory is set aside for it.
    private static func checkedHeader(of file: UnsafeRawBufferPointer, segment: UInt64, path: String) throws
        -> SnapshotHeader
    {
        let header = try SnapshotHeader.decode(file, path: path)
        guard header.segment == segment else {
            throw StorageError.corrupt("snapshot header names segment \(header.segment)", path: path, offset: 10)
        }
        let frameBytes = UInt64(file.count - SnapshotHeader.size)
        guard header.payloadLength <= UInt64(Int.max),
            header.payloadLength / largestExpansion <= frameBytes
        else {
            throw StorageError.corrupt(
                "snapshot length \(header.payloadLength) is impossible for \(frameBytes) bytes of frames", path: path,
                offset: 18)
        }
        return header
    }

    /// The most zstd can expand its input: its densest block, a run-length block, is 4 bytes for at most 128 KiB.
    /// A header claiming more than this many times the frames' bytes is damaged, whatever its checksum says.
    static let largestExpansion: UInt64 = 32_768
}
