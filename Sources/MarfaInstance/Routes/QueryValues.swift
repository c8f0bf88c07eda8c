import Foundation
import MarfaRules

/// A request's query keys once checked against what the door declares (P-14).
package struct QueryValues: Sendable {
    private let values: [String: String]

    /// Checks `items` against `declared` (plus any key starting with one of `prefixes`): keys starting `_` are
    /// ignored, undeclared keys refused with `details.unknown_parameters`, and a blank `type`, `source`, `tags` or
    /// `filter` refused with `details.empty_parameters`. A repeated key keeps its first value.
    package init(_ items: [HTTPQueryItem], declared: Set<String>, prefixes: [String] = []) throws(Refusal) {
        var values: [String: String] = [:]
        var unknown: [String] = []
        for item in items where !item.name.hasPrefix("_") {
            guard declared.contains(item.name) || prefixes.contains(where: { item.name.hasPrefix($0) }) else {
                if !unknown.contains(item.name) { unknown.append(item.name) }
                continue
            }
            if values[item.name] == nil { values[item.name] = item.value }
        }
        guard unknown.isEmpty else {
            throw Refusal.validation(
                "Unknown query parameter\(unknown.count == 1 ? "" : "s"): \(unknown.sorted().joined(separator: ", ")).",
                details: ["unknown_parameters": .array(unknown.sorted().map { .string($0) })])
        }
        let empty = ["type", "source", "tags", "filter"].filter { name in
            values[name].map { $0.allSatisfy(\.isWhitespace) } ?? false
        }
        guard empty.isEmpty else {
            throw Refusal.validation(
                "Empty query parameter: \(empty.joined(separator: ", ")).",
                details: ["empty_parameters": .array(empty.map { .string($0) })])
        }
        self.values = values
    }

    /// The value of `name`, or nil when absent.
    package subscript(name: String) -> String? {
        values[name]
    }

    /// Every `name=value` pair whose name starts with `prefix`, sorted by name.
    package func pairs(withPrefix prefix: String) -> [(name: String, value: String)] {
        values.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The comma list in `name`, trimmed, empty entries dropped; nil when absent.
    package func list(_ name: String) -> [String]? {
        values[name].map { text in
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// `limit` read as a whole number in `range`, else `fallback` when absent.
    /// - Throws: `validation_error` for another text or a number out of range.
    package func limit(in range: ClosedRange<Int>, default fallback: Int) throws(Refusal) -> Int {
        guard let text = values["limit"] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw Refusal.validation(
                "limit must be a whole number from \(range.lowerBound) to \(range.upperBound).",
                details: ["field": "limit"])
        }
        return number
    }
}
