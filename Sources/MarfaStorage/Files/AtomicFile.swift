import Glibc

/// Replaces whole files atomically: write `<name>.tmp`, fsync it, rename it over the target, fsync the folder.
enum AtomicFile {
    /// Makes `bytes` the durable content of `path` in `directory`; a crash leaves either the old or the new file.
    static func write(_ bytes: [UInt8], to path: String, directory: String) throws {
        let temporary = path + StoreFileName.temporarySuffix
        let fd = try FileIO.open(temporary, flags: O_WRONLY | O_TRUNC, create: true)
        do {
            try FileIO.writeAll(fd, bytes, path: temporary)
            try FileIO.fullSync(fd, path: temporary)
        } catch {
            Syscall.close(fd)
            try? FileIO.remove(temporary)
            throw error
        }
        Syscall.close(fd)
        try FileIO.rename(temporary, to: path)
        try FileIO.syncDirectory(directory)
    }

    /// Answers whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
