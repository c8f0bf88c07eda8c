import Foundation
import MarfaEngine
import MarfaRules

/// The SQLite peer, in the same process: one connection, every call serialized, statements prepared once.
///
/// Shaped like the reference core's store (`PeerSchema`). Loading fills both FTS5 tables; writes and events
/// re-index the trigram table only (the like-for-like comparison), as one transaction each unless batched.
final class PeerStore {
    /// The durability a commit keeps.
    enum Synchronous: String, Sendable {
        /// Every commit is fsynced: the journal's promise.
        case full = "FULL"
        /// No fsync per commit in WAL mode: what the reference ships; the last commits can roll back on power loss.
        case normal = "NORMAL"
    }

    /// The database file.
    let path: String
    /// The page cache size in KiB.
    let cacheKiB: Int
    private(set) var connection: SQLiteConnection
    private(set) var synchronous: Synchronous = .full

    /// Creates a new peer database at `path` with the schema (an existing file is removed first).
    static func create(at path: String, cacheKiB: Int) throws(BenchError) -> PeerStore {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try PeerStore(path: path, cacheKiB: cacheKiB)
        try store.connection.execute(PeerSchema.create)
        return store
    }

    /// Opens the peer database at `path` with the pragmas.
    init(path: String, cacheKiB: Int) throws(BenchError) {
        self.path = path
        self.cacheKiB = cacheKiB
        connection = try SQLiteConnection(path: path)
        try connection.execute(PeerSchema.pragmas(cacheKiB: cacheKiB))
    }

    /// Closes the connection (a later `reopen()` opens a new one).
    func close() {
        connection.close()
    }

    /// Opens a fresh connection, as an app starting up would.
    func reopen() throws(BenchError) {
        connection.close()
        connection = try SQLiteConnection(path: path)
        try connection.execute(PeerSchema.pragmas(cacheKiB: cacheKiB))
        synchronous = .full
    }

    /// Switches commits between durable (`FULL`) and the reference's `NORMAL`.
    func setSynchronous(_ mode: Synchronous) throws(BenchError) {
        guard mode != synchronous else { return }
        try connection.statement("PRAGMA synchronous = \(mode.rawValue)").run()
        synchronous = mode
    }

    /// Starts a write transaction.
    func begin() throws(BenchError) {
        try connection.statement("BEGIN IMMEDIATE").run()
    }

    /// Commits the transaction (an fsync under `FULL`).
    func commit() throws(BenchError) {
        try connection.statement("COMMIT").run()
    }

    /// Writes one item in its own transaction, re-indexing its text when `search` is true.
    func write(_ item: Item, search: Bool) throws(BenchError) {
        try begin()
        try upsert(item, trigram: search, porter: false)
        try commit()
    }

    /// Upserts an item row, replaces its tags, and re-indexes the chosen FTS tables (inside a transaction).
    @discardableResult
    func upsert(_ item: Item, trigram: Bool, porter: Bool) throws(BenchError) -> Int64 {
        let statement = try connection.statement(PeerSchema.upsertItem)
        try statement.bind(1, item.id)
        try statement.bind(2, item.type)
        try statement.bind(3, item.state.rawValue)
        try statement.bind(4, item.tier?.rawValue)
        try statement.bind(5, item.version)
        try statement.bind(6, item.source)
        try statement.bind(7, item.sourceId)
        try statement.bind(8, item.createdAt)
        try statement.bind(9, item.updatedAt)
        try statement.bind(10, item.occurredAt)
        try statement.bind(11, try Self.json(item.properties))
        guard try statement.step() else { throw BenchError("sqlite: the item upsert returned no seq") }
        let seq = statement.integer(0)
        try statement.run()
        let clear = try connection.statement("DELETE FROM tags WHERE item_id = ?1")
        try clear.bind(1, item.id)
        try clear.run()
        for tag in item.tags {
            let insert = try connection.statement("INSERT OR IGNORE INTO tags (item_id, tag) VALUES (?1, ?2)")
            try insert.bind(1, item.id)
            try insert.bind(2, tag)
            try insert.run()
        }
        if trigram { try reindex(item, seq: seq, table: PeerSchema.trigramTable) }
        if porter { try reindex(item, seq: seq, table: PeerSchema.porterTable) }
        return seq
    }

    /// Upserts an edge row (inside a transaction).
    func upsert(_ edge: Edge) throws(BenchError) {
        let statement = try connection.statement(PeerSchema.upsertEdge)
        try statement.bind(1, edge.id)
        try statement.bind(2, edge.sourceId)
        try statement.bind(3, edge.targetId)
        try statement.bind(4, edge.edgeType)
        try statement.bind(5, try Self.json(edge.properties))
        try statement.bind(6, edge.version)
        try statement.bind(7, edge.createdAt)
        try statement.bind(8, edge.updatedAt)
        try statement.run()
    }

    /// Removes an edge (inside a transaction).
    func removeEdge(_ id: String) throws(BenchError) {
        let statement = try connection.statement("DELETE FROM edges WHERE id = ?1")
        try statement.bind(1, id)
        try statement.run()
    }

    /// Records the last applied event (inside a transaction).
    func setCursor(_ eventId: String) throws(BenchError) {
        let statement = try connection.statement(
            "INSERT INTO sync_cursor (k, event_id) VALUES (1, ?1) ON CONFLICT (k) DO UPDATE SET event_id = ?1")
        try statement.bind(1, eventId)
        try statement.run()
    }

    /// Applies events and the cursor in one transaction, re-indexing each changed item's text.
    func apply(_ events: ArraySlice<BenchEvent>) throws(BenchError) {
        guard let last = events.last else { return }
        try begin()
        for event in events {
            switch event.change {
            case .item(let item): try upsert(item, trigram: true, porter: false)
            case .edge(let edge): try upsert(edge)
            case .removeEdge(let id): try removeEdge(id)
            }
        }
        try setCursor(last.id)
        try commit()
    }

    /// One item not in the bin, or nil.
    func get(_ id: String) throws(BenchError) -> PeerRow? {
        let statement = try connection.statement(PeerSchema.getItem)
        try statement.bind(1, id)
        guard try statement.step() else { return nil }
        var row = PeerRow(
            seq: statement.integer(0), id: statement.text(1) ?? "", type: statement.text(2) ?? "",
            state: statement.text(3) ?? "", tier: statement.text(4), version: statement.integer(5),
            source: statement.text(6) ?? "", sourceId: statement.text(7), createdAt: statement.text(8) ?? "",
            updatedAt: statement.text(9) ?? "", occurredAt: statement.text(10) ?? "",
            properties: statement.text(11) ?? "", tags: [])
        let tags = try connection.statement(PeerSchema.getTags)
        try tags.bind(1, id)
        row.tags = try tags.texts()
        return row
    }

    /// The first column of every row of `sql` with `bindings` as text parameters 1, 2, ….
    func ids(_ sql: String, _ bindings: [String]) throws(BenchError) -> [String] {
        let statement = try connection.statement(sql)
        for (index, value) in bindings.enumerated() { try statement.bind(Int32(index + 1), value) }
        return try statement.texts()
    }

    /// `(id, version, state, sorted tags)` of every item, in id order: what the stores must agree on after writes.
    func rowDigest() throws(BenchError) -> [String] {
        let statement = try connection.statement(
            """
            SELECT i.id || ' v' || i.version || ' ' || i.state || ' ' || i.updated_at || ' [' ||
                COALESCE((SELECT group_concat(tag, ',') FROM (SELECT tag FROM tags t WHERE t.item_id = i.id
                ORDER BY tag)), '') || ']'
            FROM items i ORDER BY i.id
            """)
        return try statement.texts()
    }

    /// How many edges the peer holds.
    func edgeCount() throws(BenchError) -> Int {
        let statement = try connection.statement("SELECT count(*) FROM edges")
        guard try statement.step() else { return 0 }
        return Int(statement.integer(0))
    }

    /// Adds an item to the words table with the engine's search fields (title, other string properties, tags), as
    /// the load does once; no write re-indexes it.
    func indexWords(_ item: Item, seq: Int64) throws(BenchError) {
        guard item.state != .trashed else { return }
        let fields = SearchFields.of(item, BuiltInCatalog.snapshot)
        let insert = try connection.statement(
            "INSERT INTO \(PeerSchema.wordsTable) (rowid, title, body, tags) VALUES (?1, ?2, ?3, ?4)")
        try insert.bind(1, seq)
        for (index, field) in fields.enumerated() { try insert.bind(Int32(index + 2), field) }
        try insert.run()
    }

    private func reindex(_ item: Item, seq: Int64, table: String) throws(BenchError) {
        let remove = try connection.statement("DELETE FROM \(table) WHERE rowid = ?1")
        try remove.bind(1, seq)
        try remove.run()
        guard item.state != .trashed else { return }
        let insert = try connection.statement("INSERT INTO \(table) (rowid, title, body, tags) VALUES (?1, ?2, ?3, ?4)")
        try insert.bind(1, seq)
        try insert.bind(2, item.properties["title"]?.string ?? "")
        try insert.bind(3, item.properties["body"]?.string ?? "")
        try insert.bind(4, item.tags.joined(separator: " "))
        try insert.run()
    }

    private static func json(_ object: JSONObject) throws(BenchError) -> String {
        do {
            return try JSONValue.object(object).json()
        } catch {
            throw BenchError("cannot write properties as JSON: \(error)")
        }
    }
}
