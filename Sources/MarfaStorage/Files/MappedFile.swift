import Glibc

/// A whole file mapped read-only into memory, so a snapshot or a journal segment is read in place rather than
/// copied into a zero-filled buffer; unmapped when released.
///
/// Only for files nobody cuts short while they are mapped (a file cut short under the mapping would fault on
/// access): snapshots, never changed once in place (`SnapshotWriter` writes a temporary file and renames it), and
/// journal segments read by the store's one writer, the only process that cuts a torn tail.
final class MappedFile {
    /// The file's bytes; empty for an empty file. Valid only while the mapping lives: read them through
    /// `withBytes`.
    private let bytes: UnsafeRawBufferPointer
    /// The bytes before this offset have been let go (`release(before:)`).
    private var released = 0

    /// Maps the file at `path`, its pages taken from the page cache up front (`MAP_POPULATE`) when `populated`,
    /// else faulted in as they are read, front to back (`MADV_SEQUENTIAL`), so a large file read once with
    /// `release(before:)` is never resident whole; throws "io" when it cannot be opened or mapped.
    init(path: String, populated: Bool = true) throws {
        let fd = try FileIO.open(path, flags: O_RDONLY, create: false)
        defer { Syscall.close(fd) }
        var info = stat()
        try Syscall.retrying("fstat", path: path) { fstat(fd, &info) }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let flags = MAP_PRIVATE | (populated ? MAP_POPULATE : 0)
        guard let address = mmap(nil, size, PROT_READ, flags, fd, 0), address != MAP_FAILED else {
            throw Syscall.failure("mmap", errno: errno, path: path)
        }
        if !populated { _ = madvise(address, size, MADV_SEQUENTIAL) }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// Calls `body` with the file's bytes, keeping the mapping alive until it returns.
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(bytes) }
    }

    /// Lets the pages wholly before `offset` go from this process's memory (`MADV_DONTNEED`: they stay in the page
    /// cache, and a later read would fault them back in), for a reader that goes through the file once, front to
    /// back, so the file's size is not resident beside what it is read into.
    func release(before offset: Int) {
        let page = Int(getpagesize())
        let end = Swift.min(offset, bytes.count) / page * page
        guard end > released, let base = bytes.baseAddress else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
        released = end
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
