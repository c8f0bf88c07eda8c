import Glibc
import MarfaLocks

/// A store folder opened by this process: its path, its role (writer or reader) and the lock that decides it.
///
/// The folder is created with mode 0700. The first opener takes `flock(LOCK_EX | LOCK_NB)` on the `lock` file and on
/// the folder itself (`WriterLock`) and becomes the writer; any other opener, in another process or this one, gets
/// the reading role, whatever happened to the `lock` file meanwhile. The locks are held until `close()` or
/// deinitialization.
package final class StoreDirectory: Sendable {
    /// The folder's path as given to `open(at:)`, without a trailing slash.
    package let path: String
    /// Whether this handle holds the writer lock.
    package let role: StoreRole
    private let lock: LockedValue<WriterLock?>

    /// Name of the lock file inside the folder.
    package static let lockFileName = "lock"

    private init(path: String, role: StoreRole, lock: WriterLock?) {
        self.path = path
        self.role = role
        self.lock = LockedValue(lock)
    }

    deinit {
        close()
    }

    /// Opens (creating it 0700 if missing) the store folder at `path` and takes the writer role if it is free.
    package static func open(at path: String) throws -> StoreDirectory {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        try createFolderIfMissing(folder)
        guard let lock = try WriterLock.take(folder: folder, lockPath: folder + "/" + lockFileName) else {
            return StoreDirectory(path: folder, role: .reader, lock: nil)
        }
        let store = StoreDirectory(path: folder, role: .writer, lock: lock)
        try store.removeTemporaryFiles()
        return store
    }

    /// Opens an existing store folder as a reader: it never takes the writer lock and creates nothing (WC-3).
    ///
    /// Refused "no_store" when the folder is missing, or its lock file when `lockRequired` (a salvage reads a
    /// folder whose lock file was lost).
    package static func openReader(at path: String, lockRequired: Bool = true) throws -> StoreDirectory {
        let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard AtomicFile.exists(folder + "/" + (lockRequired ? lockFileName : ".")) else {
            throw StorageError(code: StorageError.noStore, message: "no store exists at \(folder)", path: folder)
        }
        return StoreDirectory(path: folder, role: .reader, lock: nil)
    }

    /// Releases the writer lock, if held; the handle must not be used to write afterwards.
    package func close() {
        lock.withLock { held -> WriterLock? in
            defer { held = nil }
            return held
        }?.release()
    }

    /// Answers the full path of the file `name` inside the folder.
    package func filePath(_ name: String) -> String {
        path + "/" + name
    }

    /// Throws "reading_handle" unless this handle is the writer.
    package func requireWriter() throws {
        guard role == .writer else {
            throw StorageError(
                code: StorageError.readingHandle,
                message: "the store is open for writing elsewhere; this handle only reads",
                path: path
            )
        }
    }

    /// Throws "reading_handle" unless this handle is the writer and still holds the folder at its path: called
    /// before destructive steps (a checkpoint's deletions), so a writer whose folder was moved or replaced deletes
    /// nothing there. A deleted or replaced `lock` file is put back, locked (Issue 26.2).
    package func requireStillTheWriter() throws {
        try requireWriter()
        try lock.withLock { held in
            guard var current = held else {
                throw StorageError(code: StorageError.closed, message: "the store was closed", path: path)
            }
            try current.confirm(folder: path, lockPath: filePath(Self.lockFileName))
            held = current
        }
    }

    /// Answers the names of all entries in the folder.
    package func fileNames() throws -> [String] {
        try FileIO.list(path)
    }

    /// Makes creations, renames and deletions in the folder durable.
    package func sync() throws {
        try FileIO.syncDirectory(path)
    }

    /// Durably replaces the small metadata file `name` with `bytes` (tmp + fsync + rename + folder fsync).
    ///
    /// Refused "reading_handle" for a reader and "invalid_argument" for names the store uses itself.
    package func writeMetadata(_ bytes: [UInt8], named name: String) throws {
        try requireWriter()
        try checkMetadataName(name)
        try AtomicFile.write(bytes, to: filePath(name), directory: path)
    }

    /// Answers the content of metadata file `name`, or nil when it was never written.
    package func readMetadata(named name: String) throws -> [UInt8]? {
        try checkMetadataName(name)
        let file = filePath(name)
        guard AtomicFile.exists(file) else { return nil }
        return try FileIO.readAll(file)
    }

    private func checkMetadataName(_ name: String) throws {
        let reserved =
            name == Self.lockFileName || name.hasSuffix(StoreFileName.temporarySuffix)
            || StoreFileName.segmentNumber(of: name) != nil || StoreFileName.snapshotNumber(of: name) != nil
        guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !reserved else {
            throw StorageError(
                code: StorageError.invalidArgument, message: "unusable metadata file name '\(name)'", path: path)
        }
    }

    private func removeTemporaryFiles() throws {
        for name in try fileNames() where name.hasSuffix(StoreFileName.temporarySuffix) {
            try FileIO.remove(filePath(name))
        }
    }

    private static func createFolderIfMissing(_ folder: String) throws {
        if mkdir(folder, FileIO.directoryMode) == 0 {
            try Syscall.retrying("chmod", path: folder) { chmod(folder, FileIO.directoryMode) }
            try FileIO.syncDirectory(parent(of: folder))
            return
        }
        let code = errno
        guard code == EEXIST else { throw Syscall.failure("mkdir", errno: code, path: folder) }
        var info = stat()
        try Syscall.retrying("stat", path: folder) { stat(folder, &info) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError(code: StorageError.io, message: "the store path is not a folder", path: folder)
        }
    }

    private static func parent(of folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/") else { return "." }
        return slash == folder.startIndex ? "/" : String(folder[..<slash])
    }
}
