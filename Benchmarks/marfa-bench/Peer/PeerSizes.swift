/// The peer's bytes on disk.
struct PeerSizes: Codable, Sendable {
    /// The database file.
    var fileBytes = 0
    /// Its WAL.
    var walBytes = 0
    /// Rows, indexes and the other tables.
    var rowBytes = 0
    /// The trigram FTS5 table and its shadow tables.
    var trigramBytes = 0
    /// The porter FTS5 table and its shadow tables.
    var porterBytes = 0
    /// The words FTS5 table (the search gate's) and its shadow tables.
    var wordsBytes = 0
}
