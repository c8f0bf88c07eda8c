/// Which role an opened store folder has: exactly one opener holds the lock and writes, the others only read.
package enum StoreRole: Sendable, Equatable {
    /// The opener holds the folder's `lock` file and may append, rotate, snapshot and delete.
    case writer
    /// Another opener holds the lock; this handle may read files but every write is refused "reading_handle".
    case reader
}
