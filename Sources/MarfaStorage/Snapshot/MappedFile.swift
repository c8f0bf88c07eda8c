import Glibc

/// A whole file mapped read-only into memory, its pages taken from the page cache up front (`MAP_POPULATE`), so a
/// snapshot is read in place rather than copied into a zero-filled buffer; unmapped when released.
///
/// Only for files never changed once in place, as snapshots are (`SnapshotWriter` writes a temporary file and
/// renames it): a file cut short under the mapping would fault on access.
final class MappedFile {
    /// The file's bytes; empty for an empty file. Valid only while the mapping lives: read them through
    /// `withBytes`.
    private let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path`; throws "io" when it cannot be opened or mapped.
    init(path: String) throws {
        let fd = try FileIO.open(path, flags: O_RDONLY, create: false)
        defer { Syscall.close(fd) }
        var info = stat()
        try Syscall.retrying("fstat", path: path) { fstat(fd, &info) }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), address != MAP_FAILED
        else {
            throw Syscall.failure("mmap", errno: errno, path: path)
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// Calls `body` with the file's bytes, keeping the mapping alive until it returns.
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) { try body(bytes) }
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
