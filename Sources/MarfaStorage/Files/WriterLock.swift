import Glibc

/// The writer's hold on a store folder: `flock` on the folder itself and on its `lock` file (Issue 26.2).
///
/// `flock` binds to an open file, not to a path, so a lock on the `lock` file alone lets anyone who deletes or
/// replaces that file admit a second writer. The folder cannot be swapped from under its open descriptor, so its
/// lock decides; the `lock` file is locked as well for builds that lock only it, and is put back when it goes.
struct WriterLock {
    /// The folder's descriptor, locked; -1 where the file system refuses `flock` on a folder.
    private let folder: Int32
    /// The `lock` file's descriptor, locked.
    private var lockFile: Int32

    /// Takes both locks on `folder` without waiting; answers nil when another opener holds either.
    static func take(folder path: String, lockPath: String) throws -> WriterLock? {
        let lockFile = try FileIO.open(lockPath, flags: O_RDWR, create: true)
        guard try exclusive(lockFile, path: lockPath) else {
            Syscall.close(lockFile)
            return nil
        }
        let folder = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder == -1 {
            Syscall.close(lockFile)
            throw Syscall.failure("open", errno: errno, path: path)
        }
        do {
            if try exclusive(folder, path: path, optional: true) {
                return WriterLock(folder: folder, lockFile: lockFile)
            }
        } catch {
            Syscall.close(folder)
            Syscall.close(lockFile)
            throw error
        }
        Syscall.close(folder)
        Syscall.close(lockFile)
        return nil
    }

    /// Refused "reading_handle" when the folder at `path` is no longer the one locked (moved or replaced); puts
    /// the `lock` file back, locked, when it was deleted or replaced, so readers find the store and builds that
    /// lock only the file still see it held.
    mutating func confirm(folder path: String, lockPath: String) throws {
        var held = stat()
        var current = stat()
        if folder != -1, fstat(folder, &held) == 0 {
            guard stat(path, &current) == 0, current.st_dev == held.st_dev, current.st_ino == held.st_ino else {
                throw StorageError(
                    code: StorageError.readingHandle,
                    message: "the store folder was moved or replaced since this writer locked it; it writes no more",
                    path: path)
            }
        }
        guard fstat(lockFile, &held) == 0 else { throw Syscall.failure("fstat", errno: errno, path: lockPath) }
        if stat(lockPath, &current) == 0, current.st_dev == held.st_dev, current.st_ino == held.st_ino { return }
        let replacement = try FileIO.open(lockPath, flags: O_RDWR, create: true)
        guard try Self.exclusive(replacement, path: lockPath) else {
            Syscall.close(replacement)
            throw StorageError(
                code: StorageError.readingHandle,
                message: "another process holds the store's lock file this writer's lock file was replaced by",
                path: lockPath)
        }
        Syscall.close(lockFile)
        lockFile = replacement
    }

    /// Releases both locks.
    func release() {
        if folder != -1 { Syscall.close(folder) }
        Syscall.close(lockFile)
    }

    /// Takes `flock(LOCK_EX | LOCK_NB)` on `fd`: true when taken, false when another open file holds it. With
    /// `optional`, a file system that cannot lock this kind of file answers true (the `lock` file still decides).
    private static func exclusive(_ fd: Int32, path: String, optional: Bool = false) throws -> Bool {
        while flock(fd, LOCK_EX | LOCK_NB) == -1 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            if optional, code == EINVAL || code == ENOLCK || code == EBADF || code == ENOTSUP { return true }
            throw Syscall.failure("flock", errno: code, path: path)
        }
        return true
    }
}
