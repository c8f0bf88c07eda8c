/// Compiles a `BenchListQuery` to the SQL the reference core would run: indexed `(type, timestamp)` walks, tag
/// `EXISTS`, `json_extract` property filters that scan every candidate, and a recursive CTE for `beneath`.
enum PeerListSQL {
    /// The SQL and its text bindings for `query`.
    static func make(_ query: BenchListQuery) -> (sql: String, bindings: [String]) {
        var bindings: [String] = []
        func parameter(_ value: String) -> String {
            bindings.append(value)
            return "?\(bindings.count)"
        }
        var prefix = ""
        var conditions: [String] = []
        if let root = query.beneath {
            let rootParameter = parameter(root)
            prefix = """
                WITH RECURSIVE beneath(id) AS (
                    SELECT target_id FROM edges WHERE source_id = \(rootParameter) AND edge_type = 'parent-of'
                    UNION SELECT e.target_id FROM edges e JOIN beneath b ON e.source_id = b.id
                    WHERE e.edge_type = 'parent-of')
                """
            conditions.append("i.id IN beneath")
        }
        if query.types.count == 1, let only = query.types.first {
            conditions.append("i.type = \(parameter(only))")
        } else if !query.types.isEmpty {
            conditions.append("i.type IN (\(query.types.map { parameter($0) }.joined(separator: ", ")))")
        }
        if query.states.count == 1, let only = query.states.first {
            conditions.append("i.state = \(parameter(only.rawValue))")
        } else {
            conditions.append("i.state IN (\(query.states.map { parameter($0.rawValue) }.joined(separator: ", ")))")
        }
        if let tier = query.tier { conditions.append("i.tier = \(parameter(tier.rawValue))") }
        for tag in query.tags {
            conditions.append("EXISTS (SELECT 1 FROM tags t WHERE t.item_id = i.id AND t.tag = \(parameter(tag)))")
        }
        if let after = query.occurredAfter { conditions.append("i.occurred_at > \(parameter(after))") }
        if let before = query.occurredBefore { conditions.append("i.occurred_at < \(parameter(before))") }
        if let condition = query.property {
            let path = parameter("$." + condition.name)
            switch condition.op {
            case .equals: conditions.append("json_extract(i.properties, \(path)) = \(parameter(condition.value))")
            case .contains:
                conditions.append("json_extract(i.properties, \(path)) LIKE \(parameter("%" + condition.value + "%"))")
            }
        }
        let direction = query.descending ? "DESC" : "ASC"
        var sql = "\(prefix) SELECT i.id FROM items i WHERE \(conditions.joined(separator: " AND "))"
        sql += " ORDER BY i.\(query.sort.rawValue) \(direction), i.id \(direction)"
        if let limit = query.limit { sql += " LIMIT \(limit) OFFSET \(query.offset)" }
        return (sql, bindings)
    }
}
