import Glibc

/// One journal segment file open for appending; its descriptor closes when the last reference goes away.
final class SegmentFile: Sendable {
    /// The segment number, also written in the file's header and name.
    let number: UInt64
    /// The file's full path.
    let path: String
    private let descriptor: Int32

    private init(number: UInt64, path: String, descriptor: Int32) {
        self.number = number
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        Syscall.close(descriptor)
    }

    /// Durably creates segment `number` holding only its header (tmp + fsync + rename + folder fsync).
    ///
    /// Refused "invalid_argument" when that segment already exists: segments are never overwritten.
    static func create(number: UInt64, in directory: StoreDirectory) throws -> SegmentFile {
        let path = directory.filePath(StoreFileName.segment(number))
        guard !AtomicFile.exists(path) else {
            throw StorageError(
                code: StorageError.invalidArgument, message: "journal segment \(number) already exists", path: path)
        }
        try AtomicFile.write(SegmentHeader(segment: number).encoded(), to: path, directory: directory.path)
        let descriptor = try FileIO.open(path, flags: O_WRONLY | O_APPEND, create: false)
        return SegmentFile(number: number, path: path, descriptor: descriptor)
    }

    /// Appends `bytes` at the end of the file (not yet durable).
    func append(_ bytes: [UInt8]) throws {
        try FileIO.writeAll(descriptor, bytes, path: path)
    }

    /// Makes everything appended so far durable.
    func sync() throws {
        try FileIO.dataSync(descriptor, path: path)
    }
}
