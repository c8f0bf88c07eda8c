import Glibc

/// Thin file-system operations over raw descriptors, each retrying EINTR and throwing `StorageError`.
enum FileIO {
    /// Permission bits of every file the store creates.
    static let fileMode: mode_t = 0o600
    /// Permission bits of the store folder.
    static let directoryMode: mode_t = 0o700
    /// The most bytes one `write` or `pwrite` hands the kernel: on the benchmark's machine writes of 2 MiB or more
    /// were at times up to 27× slower to copy into the page cache, and 1 MiB pieces never were (Decision 0069).
    static let largestWrite = 1 << 20

    /// Opens `path` with close-on-exec; when `create` is set the file gets mode 0600 whatever the umask.
    static func open(_ path: String, flags: Int32, create: Bool) throws -> Int32 {
        let allFlags = flags | O_CLOEXEC | (create ? O_CREAT : 0)
        let fd = try Syscall.retrying("open", path: path) { Glibc.open(path, allFlags, fileMode) }
        if create {
            do {
                try Syscall.retrying("fchmod", path: path) { fchmod(fd, fileMode) }
            } catch {
                Syscall.close(fd)
                throw error
            }
        }
        return fd
    }

    /// Writes every byte of `bytes`, at most `largestWrite` a call, resuming after partial writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        guard var cursor = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = try Syscall.retrying("write", path: path) {
                Glibc.write(fd, cursor, min(remaining, largestWrite))
            }
            cursor += written
            remaining -= written
        }
    }

    /// Writes every byte of `bytes`, resuming after partial writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
    }

    /// Writes every byte of `bytes` at file offset `offset` (`pwrite`), at most `largestWrite` a call, resuming
    /// after partial writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int, path: String) throws {
        guard var cursor = bytes.baseAddress else { return }
        var remaining = bytes.count
        var position = off_t(offset)
        while remaining > 0 {
            let written = try Syscall.retrying("pwrite", path: path) {
                Glibc.pwrite(fd, cursor, min(remaining, largestWrite), position)
            }
            cursor += written
            remaining -= written
            position += off_t(written)
        }
    }

    /// Writes every byte of `bytes` at file offset `offset`, resuming after partial writes and EINTR.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int, path: String) throws {
        try bytes.withUnsafeBytes { try writeAll(fd, $0, at: offset, path: path) }
    }

    /// Answers the whole content of the file at `path`.
    static func readAll(_ path: String) throws -> [UInt8] {
        let fd = try open(path, flags: O_RDONLY, create: false)
        defer { Syscall.close(fd) }
        var info = stat()
        try Syscall.retrying("fstat", path: path) { fstat(fd, &info) }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let count = try bytes.withUnsafeMutableBytes { buffer in
                try Syscall.retrying("read", path: path) {
                    Glibc.read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
                }
            }
            if count == 0 {
                bytes.removeLast(bytes.count - filled)
                return bytes
            }
            filled += count
        }
    }

    /// Answers up to `count` bytes of the file at `path` from `offset` on (fewer at its end).
    static func read(_ path: String, at offset: UInt64, count: Int) throws -> [UInt8] {
        let fd = try open(path, flags: O_RDONLY, create: false)
        defer { Syscall.close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = try bytes.withUnsafeMutableBytes { buffer in
                let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                return try Syscall.retrying("pread", path: path) {
                    pread(fd, rest.baseAddress, rest.count, off_t(offset) + off_t(filled))
                }
            }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes[0..<filled])
    }

    /// Answers the bytes of the file at `path` from `offset` to its end.
    static func read(_ path: String, from offset: UInt64) throws -> [UInt8] {
        let length = try size(path)
        return try read(path, at: offset, count: Int(length - min(offset, length)))
    }

    /// Answers the length in bytes of the file at `path`.
    static func size(_ path: String) throws -> UInt64 {
        var info = stat()
        try Syscall.retrying("stat", path: path) { stat(path, &info) }
        return UInt64(max(info.st_size, 0))
    }

    /// Flushes the file's data (and the metadata needed to read it back) to stable storage.
    static func dataSync(_ fd: Int32, path: String) throws {
        try Syscall.retrying("fdatasync", path: path) { fdatasync(fd) }
    }

    /// Flushes the file's data and all its metadata to stable storage.
    static func fullSync(_ fd: Int32, path: String) throws {
        try Syscall.retrying("fsync", path: path) { fsync(fd) }
    }

    /// Makes the folder's entries (creations, renames, deletions) durable.
    static func syncDirectory(_ path: String) throws {
        let fd = try open(path, flags: O_RDONLY | O_DIRECTORY, create: false)
        defer { Syscall.close(fd) }
        try fullSync(fd, path: path)
    }

    /// Cuts the file at `path` to `length` bytes and makes the new length durable.
    static func truncate(_ path: String, to length: UInt64) throws {
        let fd = try open(path, flags: O_WRONLY, create: false)
        defer { Syscall.close(fd) }
        try Syscall.retrying("ftruncate", path: path) { ftruncate(fd, off_t(length)) }
        try fullSync(fd, path: path)
    }

    /// Atomically replaces `target` with `source`.
    static func rename(_ source: String, to target: String) throws {
        try Syscall.retrying("rename", path: target) { Glibc.rename(source, target) }
    }

    /// Removes the file at `path`; a file that is already gone is not an error.
    static func remove(_ path: String) throws {
        while Glibc.unlink(path) == -1 {
            let code = errno
            if code == ENOENT { return }
            if code != EINTR { throw Syscall.failure("unlink", errno: code, path: path) }
        }
    }

    /// Answers the names in the folder at `path`, without "." and "..".
    static func list(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw Syscall.failure("opendir", errno: errno, path: path) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw Syscall.failure("readdir", errno: errno, path: path) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
