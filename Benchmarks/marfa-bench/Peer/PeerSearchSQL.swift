import Foundation

/// Compiles a search query to the peer's FTS5 SQL: the words table (the agreed word semantics, gated), the trigram
/// table (substring semantics, timed) and the porter table (words as stems, the reference's real search, timed).
enum PeerSearchSQL {
    /// The trigram SQL: `MATCH` on terms of 3 or more scalars, `LIKE` for shorter ones (trigram cannot index them);
    /// ranked by bm25 and cut to `limit` when given, else every match (for the gate).
    static func trigram(_ query: String, limit: Int?) -> (sql: String, bindings: [String]) {
        let table = PeerSchema.trigramTable
        let terms = SearchSemantics.terms(of: query)
        let long = terms.filter { $0.unicodeScalars.count >= 3 }
        let short = terms.filter { $0.unicodeScalars.count < 3 }
        var bindings: [String] = []
        var conditions: [String] = []
        if !long.isEmpty {
            bindings.append(long.map(quoted).joined(separator: " "))
            conditions.append("\(table) MATCH ?\(bindings.count)")
        }
        for term in short {
            bindings.append("%" + term + "%")
            let parameter = "?\(bindings.count)"
            conditions.append(
                "(\(table).title LIKE \(parameter) OR \(table).body LIKE \(parameter) OR \(table).tags LIKE \(parameter))"
            )
        }
        conditions.append("i.state = 'active'")
        var sql =
            "SELECT i.id FROM \(table) JOIN items i ON i.seq = \(table).rowid WHERE "
            + conditions.joined(separator: " AND ")
        if let limit {
            sql += long.isEmpty ? " LIMIT \(limit)" : " ORDER BY \(table).rank LIMIT \(limit)"
        }
        return (sql, bindings)
    }

    /// The porter SQL, ranked by bm25 and cut to `limit` (or every match when nil).
    static func porter(_ query: String, limit: Int?) -> (sql: String, bindings: [String]) {
        let table = PeerSchema.porterTable
        let terms = SearchSemantics.terms(of: query)
        let expression: String
        if SearchSemantics.isPhrase(query) {
            expression = terms.map(quoted).joined(separator: " ")
        } else {
            expression = terms.enumerated().map { index, term in
                quoted(term) + (index == terms.count - 1 ? "*" : "")
            }.joined(separator: " ")
        }
        var sql =
            "SELECT i.id FROM \(table) JOIN items i ON i.seq = \(table).rowid WHERE \(table) MATCH ?1"
            + " AND i.state = 'active'"
        if let limit { sql += " ORDER BY \(table).rank LIMIT \(limit)" }
        return (sql, [expression])
    }

    /// The words-table SQL (`SearchSemantics`), ranked by bm25 and cut to `limit` (or every match when nil); a
    /// query with no word selects nothing.
    static func words(_ query: String, limit: Int?) -> (sql: String, bindings: [String]) {
        let table = PeerSchema.wordsTable
        guard let expression = SearchSemantics.wordsExpression(query) else { return ("SELECT id FROM items WHERE 0", []) }
        var sql =
            "SELECT i.id FROM \(table) JOIN items i ON i.seq = \(table).rowid WHERE \(table) MATCH ?1"
            + " AND i.state = 'active'"
        if let limit { sql += " ORDER BY \(table).rank LIMIT \(limit)" }
        return (sql, [expression])
    }

    private static func quoted(_ term: String) -> String { SearchSemantics.quoted(term) }
}
