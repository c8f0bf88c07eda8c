import Foundation
import Marfa

/// A list answer laid out for a person (issue 29): one row per element under a header, columns padded to their
/// widest cell. Search hits show title, snippet and score; items, queued writes and edges their few telling fields;
/// any other list the scalar members of its first row. Every column but the last is cut at `widestCell`. `--json` output never comes here.
enum HumanTable {
    /// The widest a cell is shown; a longer one ends in `…`.
    static let widestCell = 60

    /// The rows as a table, or nil for a list that is not of objects.
    static func render(_ rows: [JSONValue]) -> String? {
        let objects = rows.compactMap(\.object)
        guard let first = objects.first, objects.count == rows.count else { return nil }
        let columns = self.columns(for: first)
        let cells = objects.map { row in
            columns.indices.map { column in
                cell(columns[column].value(row), whole: column == columns.count - 1)
            }
        }
        return lay(header: columns.map(\.name), rows: cells)
    }

    private struct Column {
        var name: String
        var value: (JSONObject) -> String
    }

    private static func columns(for row: JSONObject) -> [Column] {
        if row["item"] != nil, row["score"] != nil, row["snippet"] != nil {
            return [
                Column(name: "TITLE") { title(of: $0["item"]?.object ?? [:]) },
                Column(name: "SNIPPET") { plain(snippet: $0["snippet"]?.string ?? "") },
                Column(name: "SCORE") { score($0["score"]) },
            ]
        }
        if row["id"] != nil, row["type"] != nil, row["properties"] != nil {
            return [member("ID", "id"), member("TYPE", "type"), Column(name: "TITLE") { title(of: $0) }]
        }
        if row["id"] != nil, row["kind"] != nil {
            return [
                member("ID", "id"), member("KIND", "kind"), member("ITEM", "item_id"),
                Column(name: "VERDICT") { $0["verdict"].flatMap(\.string) ?? "unanswered" },
                Column(name: "WAITS") { HumanText.waitReasons($0) },
            ]
        }
        if row["id"] != nil, row["edge_type"] != nil {
            return [
                member("ID", "id"), member("TYPE", "edge_type"), member("FROM", "source_id"), member("TO", "target_id"),
            ]
        }
        return row.keys.filter { !(row[$0]?.isContainer ?? false) }.map { member($0.uppercased(), $0) }
    }

    private static func member(_ name: String, _ key: String) -> Column {
        Column(name: name) { row in
            switch row[key] {
            case .string(let text)?: return text
            case nil, .null?: return ""
            case let value?: return (try? value.json()) ?? ""
            }
        }
    }

    private static func title(of item: JSONObject) -> String {
        item["properties"]?.object?["title"]?.string ?? "Untitled"
    }

    private static func score(_ value: JSONValue?) -> String {
        guard let number = value?.number ?? value?.integer.map(Double.init) else { return "" }
        return String(format: "%.3g", number)
    }

    /// A snippet's HTML as terminal text: matched runs in brackets, entities read back, whitespace run together.
    static func plain(snippet html: String) -> String {
        var text = html.replacingOccurrences(of: "<mark>", with: "[").replacingOccurrences(of: "</mark>", with: "]")
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A cell on one line, cut at `widestCell` unless it is `whole` (the last column, which nothing follows).
    private static func cell(_ text: String, whole: Bool) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard !whole, flat.count > widestCell else { return flat }
        return String(flat.prefix(widestCell - 1)) + "…"
    }

    private static func lay(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                column == row.count - 1
                    ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

extension JSONValue {
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
