/// A snapshot a copy was restored from or a reading handle has met: its file and the commit count it holds.
struct SeenSnapshot: Sendable, Equatable {
    /// The snapshot file's path.
    var path: String
    /// The commit count the snapshot holds.
    var commitCount: UInt64
}
