import Glibc
import Synchronization

/// One journal segment file open for writing; its descriptor closes when the last reference goes away.
///
/// Records go at the tail with `pwrite`. Ahead of the tail the file holds zeros written and synced in advance
/// (`writeZerosAhead`), so a record's fdatasync overwrites allocated blocks without changing the file's size and
/// ext4 writes no inode for it; readers take a zero-filled tail as the end of the segment (Decision 0025).
final class SegmentFile: Sendable {
    /// The segment number, also written in the file's header and name.
    let number: UInt64
    /// The file's full path.
    let path: String
    private let descriptor: Int32
    /// Where the next record goes. Moved only by the one syncer at a time (`JournalState`), so relaxed is enough.
    private let tail = Atomic<Int>(SegmentHeader.size)
    /// The file's length: the records, then the zeros written ahead of the tail.
    private let length = Atomic<Int>(SegmentHeader.size)
    /// Set when writing zeros ahead failed (a full disk): records then grow the file as they are appended.
    private let zerosAheadFailed = Atomic<Bool>(false)

    /// The fewest and the most bytes of zeros one `writeZerosAhead` adds: as many as the segment holds, within
    /// these bounds, so a store written a few times does not pay megabytes of zeros.
    static let zerosAheadBytes = (least: 256 << 10, most: 1 << 20)

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
        let descriptor = try FileIO.open(path, flags: O_WRONLY, create: false)
        return SegmentFile(number: number, path: path, descriptor: descriptor)
    }

    /// Writes `bytes` at the tail and moves the tail past them (not yet durable).
    func append(_ bytes: [UInt8]) throws {
        let offset = tail.load(ordering: .relaxed)
        try FileIO.writeAll(descriptor, bytes, at: offset, path: path)
        tail.store(offset + bytes.count, ordering: .relaxed)
        length.store(max(length.load(ordering: .relaxed), offset + bytes.count), ordering: .relaxed)
    }

    /// Makes everything written so far durable.
    func sync() throws {
        try FileIO.dataSync(descriptor, path: path)
    }

    /// Whether records have been written here and fewer than half the zeros the next `writeZerosAhead` would
    /// add are left ahead of the tail.
    var wantsZerosAhead: Bool {
        let tail = tail.load(ordering: .relaxed)
        return tail > SegmentHeader.size && length.load(ordering: .relaxed) - tail < Self.zerosAhead(tail: tail) / 2
            && !zerosAheadFailed.load(ordering: .relaxed)
    }

    private static func zerosAhead(tail: Int) -> Int {
        min(max(tail, zerosAheadBytes.least), zerosAheadBytes.most)
    }

    /// Writes zeros past the end of the file and syncs them (the size change with them), so the records written
    /// there later change no metadata. Called only by the one syncer at a time.
    ///
    /// A failure is not the journal's: it only stops zeros being written ahead of this segment.
    func writeZerosAhead() {
        let tail = tail.load(ordering: .relaxed)
        let start = max(length.load(ordering: .relaxed), tail)
        let end = start + Self.zerosAhead(tail: tail)
        do {
            var offset = start
            while offset < end {
                let count = min(Self.zeros.count, end - offset)
                try Self.zeros.withUnsafeBytes { zeros in
                    let slice = UnsafeRawBufferPointer(rebasing: zeros[0..<count])
                    try FileIO.writeAll(descriptor, slice, at: offset, path: path)
                }
                offset += count
            }
            try sync()
            length.store(end, ordering: .relaxed)
        } catch {
            zerosAheadFailed.store(true, ordering: .relaxed)
        }
    }

    private static let zeros = [UInt8](repeating: 0, count: 256 << 10)
}
