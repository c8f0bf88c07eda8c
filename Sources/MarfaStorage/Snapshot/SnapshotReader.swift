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
            let header = try SnapshotHeader.decode(file, path: path)
            guard header.segment == segment else {
                throw StorageError.corrupt("snapshot header names segment \(header.segment)", path: path, offset: 10)
            }
            guard header.payloadLength <= UInt64(Int.max) else {
                throw StorageError.corrupt(
                    "snapshot length \(header.payloadLength) is impossible", path: path, offset: 18)
            }
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
}
