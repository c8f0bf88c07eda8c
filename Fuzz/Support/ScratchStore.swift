import Foundation
@testable import MarfaStorage

/// A store folder a fuzzer writes its input files into, held as writer for the whole run and removed at exit.
enum ScratchStore {
    /// The folder, opened once per process.
    static let directory: StoreDirectory = {
        guard let store = try? StoreDirectory.open(at: path) else { fatalError("cannot open a store at \(path)") }
        atexit { try? FileManager.default.removeItem(atPath: ScratchStore.path) }
        return store
    }()

    /// On tmpfs when there is one: rewriting a file on a disk file system waits for the disk.
    private static let path =
        (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory())
        + "marfa-fuzz-\(getpid())"

    /// Replaces the store file `name` with `bytes` (no sync: the fuzzer reads it back at once).
    static func write(_ bytes: [UInt8], named name: String) {
        let path = directory.filePath(name)
        do {
            let fd = try FileIO.open(path, flags: O_WRONLY | O_TRUNC, create: true)
            defer { Syscall.close(fd) }
            try FileIO.writeAll(fd, bytes, path: path)
        } catch {
            fatalError("cannot write \(path): \(error)")
        }
    }
}
