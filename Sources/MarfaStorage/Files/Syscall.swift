import Glibc

/// Runs system calls with EINTR retried and failures turned into `StorageError`s.
package enum Syscall {
    /// Calls `body` until it stops failing with EINTR; answers its result or throws for any other -1.
    @discardableResult
    package static func retrying<T: FixedWidthInteger & SignedInteger>(
        _ call: String,
        path: String?,
        _ body: () -> T
    ) throws -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw failure(call, errno: code, path: path)
        }
    }

    /// Answers the `StorageError` for a failed call: "storage_full" for ENOSPC/EDQUOT and for EFBIG (a file-size
    /// limit reached, `RLIMIT_FSIZE`), "io" otherwise.
    package static func failure(_ call: String, errno code: Int32, path: String?) -> StorageError {
        let text = String(cString: strerror(code))
        let kind = (code == ENOSPC || code == EDQUOT || code == EFBIG) ? StorageError.storageFull : StorageError.io
        return StorageError(code: kind, message: "\(call) failed: \(text) (errno \(code))", path: path)
    }

    /// Closes a descriptor exactly once; EINTR is not retried because Linux has already released the descriptor.
    package static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
