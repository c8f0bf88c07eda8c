/// The peer's schema, mirroring the reference core's store (benchmarks.md, "the peer's shape").
enum PeerSchema {
    /// The FTS5 table with the `trigram` tokenizer (like-for-like substring search).
    static let trigramTable = "search_trigram"
    /// The FTS5 table with the `porter unicode61` tokenizer (the reference's real search and its word semantics).
    static let porterTable = "search_porter"
    /// The FTS5 table with `unicode61 remove_diacritics 2` over the engine's search fields: the agreed word
    /// semantics the search gate compares (`SearchSemantics`). Filled at load only; writes leave it.
    static let wordsTable = "search_words"

    /// The pragmas every connection sets: WAL, durable commits, a warm cache, in-memory temp tables.
    static func pragmas(cacheKiB: Int) -> String {
        """
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA cache_size = -\(cacheKiB);
        PRAGMA temp_store = MEMORY;
        """
    }

    /// Tables and indexes: seq rowid, unique id, the `(type, timestamp)` indexes, state, tier, tags WITHOUT ROWID
    /// with a tag index, the two edge indexes, and the three FTS5 tables keyed by seq.
    static let create = """
        CREATE TABLE items (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            state TEXT NOT NULL,
            tier TEXT,
            version INTEGER NOT NULL,
            source TEXT NOT NULL,
            source_id TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            occurred_at TEXT NOT NULL,
            properties TEXT NOT NULL
        );
        CREATE INDEX items_type_created ON items (type, created_at);
        CREATE INDEX items_type_updated ON items (type, updated_at);
        CREATE INDEX items_type_occurred ON items (type, occurred_at);
        CREATE INDEX items_state ON items (state);
        CREATE INDEX items_tier ON items (tier);
        CREATE TABLE edges (
            id TEXT PRIMARY KEY,
            source_id TEXT NOT NULL,
            target_id TEXT NOT NULL,
            edge_type TEXT NOT NULL,
            properties TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX edges_source ON edges (source_id, edge_type);
        CREATE INDEX edges_target ON edges (target_id, edge_type);
        CREATE TABLE tags (item_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (item_id, tag)) WITHOUT ROWID;
        CREATE INDEX tags_tag ON tags (tag);
        CREATE TABLE sync_cursor (k INTEGER PRIMARY KEY, event_id TEXT);
        CREATE VIRTUAL TABLE \(trigramTable) USING fts5(title, body, tags, tokenize = 'trigram');
        CREATE VIRTUAL TABLE \(porterTable) USING fts5(title, body, tags, tokenize = 'porter unicode61');
        CREATE VIRTUAL TABLE \(wordsTable) USING fts5(title, body, tags, tokenize = 'unicode61 remove_diacritics 2');
        """

    /// Inserts or replaces an item row and answers its seq.
    static let upsertItem = """
        INSERT INTO items (id, type, state, tier, version, source, source_id, created_at, updated_at, occurred_at,
            properties) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        ON CONFLICT (id) DO UPDATE SET type = excluded.type, state = excluded.state, tier = excluded.tier,
            version = excluded.version, source = excluded.source, source_id = excluded.source_id,
            created_at = excluded.created_at, updated_at = excluded.updated_at, occurred_at = excluded.occurred_at,
            properties = excluded.properties
        RETURNING seq
        """

    /// Inserts or replaces an edge row.
    static let upsertEdge = """
        INSERT INTO edges (id, source_id, target_id, edge_type, properties, version, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (id) DO UPDATE SET source_id = excluded.source_id, target_id = excluded.target_id,
            edge_type = excluded.edge_type, properties = excluded.properties, version = excluded.version,
            created_at = excluded.created_at, updated_at = excluded.updated_at
        """

    /// Reads one item not in the bin.
    static let getItem = """
        SELECT seq, id, type, state, tier, version, source, source_id, created_at, updated_at, occurred_at, properties
        FROM items WHERE id = ?1 AND state <> 'trashed'
        """

    /// Reads an item's tags.
    static let getTags = "SELECT tag FROM tags WHERE item_id = ?1"
}
