/// The one error the storage layer throws; the engine translates it to its public error at one boundary.
package struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable machine-readable code such as "store_corrupt", "io", "storage_full" or "reading_handle".
    package var code: String
    /// A human-readable explanation, including the failing call and errno text for I/O failures.
    package var message: String
    /// The file or folder concerned, when there is one.
    package var path: String?
    /// The byte offset inside `path` where the problem was found, for corruption reports.
    package var offset: UInt64?

    /// Creates an error from its parts.
    package init(code: String, message: String, path: String? = nil, offset: UInt64? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.offset = offset
    }

    /// A human-readable one-line rendering of the code, message, path and offset.
    package var description: String {
        var text = "\(code): \(message)"
        if let path { text += " [\(path)" + (offset.map { " @\($0)" } ?? "") + "]" }
        return text
    }
}

extension StorageError {
    /// Code for data on disk that fails its checks and cannot be explained as a torn tail.
    package static let storeCorrupt = "store_corrupt"
    /// Code for a failed system call other than a full disk.
    package static let io = "io"
    /// Code for ENOSPC / EDQUOT: the disk or quota is full.
    package static let storageFull = "storage_full"
    /// Code for a write attempted through a store opened in the reading role.
    package static let readingHandle = "reading_handle"
    /// Code for a file written in a format version this build does not read.
    package static let unsupportedVersion = "unsupported_version"
    /// Code for a call made after the journal or store was closed.
    package static let closed = "closed"
    /// Code for a store that does not exist where a reader looked.
    package static let noStore = "no_store"
    /// Code for an argument the storage layer refuses (empty payload, unknown sequence number, bad name).
    package static let invalidArgument = "invalid_argument"

    /// Answers a `store_corrupt` error naming the file and the byte offset of the bad data.
    package static func corrupt(_ message: String, path: String, offset: UInt64) -> StorageError {
        StorageError(code: storeCorrupt, message: message, path: path, offset: offset)
    }
}
