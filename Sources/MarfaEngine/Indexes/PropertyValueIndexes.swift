import MarfaRules

/// Rows by the text value of each property a list's `eq` has named (Decision 0050), so a walk decides such a
/// condition from a row set instead of reading every item it passes. Built the first time a list names the
/// property, then kept current on every change; a property with more distinct short texts than `valueLimit` is
/// not indexed (its lists read the items, as before), which bounds each index to a few bytes a row.
///
/// Short texts (at most `keyLimit` UTF-8 bytes) are keys, equal when their bytes are (as an `eq` compares text); a
/// longer text, an array or an object (whose JSON text an `eq` compares) puts its row in `otherText`, which every
/// answer includes. Numbers, Booleans and nulls never equal a text literal and are not held.
package struct PropertyValueIndexes: Sendable {
    /// The most distinct short texts one property's index holds; one more and the index is dropped.
    static let valueLimit = 1024
    /// The longest text, in UTF-8 bytes, held as a key.
    static let keyLimit = 64
    /// The most properties indexed at once; a further property is not indexed.
    static let propertyLimit = 16

    /// One property's rows.
    struct Index: Sendable {
        /// Rows by their short text value.
        var byText = PostingsIndex<TextKey>()
        /// Rows whose value is a longer text, an array or an object.
        var otherText = RowSet()
    }

    /// A short text as a key: equal to another when their UTF-8 bytes are, not by Unicode canonical equivalence
    /// as `String` is, so the rows under a literal's key are exactly those an `eq` keeps.
    struct TextKey: Hashable, Sendable {
        /// The text.
        let text: String

        static func == (left: TextKey, right: TextKey) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }

        func hash(into hasher: inout Hasher) {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    /// Where a value puts its row.
    private enum Slot: Equatable {
        case text(TextKey)
        case other
    }

    /// What a property named so far has: its index, or nil when it is refused (too many distinct texts). A
    /// property named once `propertyLimit` are held is not recorded at all, so writes never pay for it. One field,
    /// so copying the read indexes retains one more reference, not two.
    private var indexes: [String: Index?] = [:]

    /// No index yet.
    package init() {}

    /// Whether property `name` is refused an index.
    func refuses(_ name: String) -> Bool { indexes[name].map { $0 == nil } ?? false }

    /// The rows whose property `name` can equal the text `literal` under an `eq`, and whether every one of them
    /// does (no row holds a long or structured value, which only the item can answer); nil when the property has no
    /// index.
    /// - Complexity: O(1) expected, plus a union when rows hold long or structured values.
    package func rows(_ name: String, equalTo literal: String) -> (rows: RowSet, exact: Bool)? {
        guard let index = indexes[name] ?? nil else { return nil }
        let short =
            literal.utf8.count <= Self.keyLimit ? index.byText.rows(for: TextKey(text: literal)) : RowSet()
        return index.otherText.isEmpty ? (short, true) : (short.union(index.otherText), false)
    }

    /// Builds the index of property `name` over every item, unless it is built, refused, or one past
    /// `propertyLimit`.
    /// - Complexity: O(n) the first time, O(1) after.
    package mutating func build(_ name: String, items: borrowing ItemTable) {
        guard indexes.index(forKey: name) == nil, indexes.count < Self.propertyLimit else { return }
        var index = Index()
        var fits = true
        items.forEachRow { row, item in
            guard fits, let slot = Self.slot(item.property(name)) else { return }
            fits = Self.insert(row, slot, into: &index)
        }
        indexes[name] = .some(fits ? index : nil)
    }

    /// Reflects the item at `row` changing from `old` to `new` (either nil for an insert or a removal); an index
    /// that would pass `valueLimit` is dropped and its property refused.
    /// - Complexity: O(1) expected per built index, plus the `RowSet` changes.
    package mutating func reflect(_ row: RowID, old: Item?, new: Item?) {
        for position in indexes.indices where indexes.values[position] != nil {
            let name = indexes.keys[position]
            let before = old.flatMap { Self.slot($0.property(name)) }
            let after = new.flatMap { Self.slot($0.property(name)) }
            guard before != after, var index = indexes.values[position] else { continue }
            indexes.values[position] = nil
            if let before { Self.remove(row, before, from: &index) }
            if let after, !Self.insert(row, after, into: &index) { continue }
            indexes.values[position] = index
        }
    }

    /// An estimate of the heap bytes the indexes use (row sets and key strings).
    /// - Complexity: O(keys).
    package var byteCount: Int {
        indexes.values.compactMap { $0 }.reduce(0) { total, index in
            total + index.byText.byteCount + index.otherText.byteCount
                + index.byText.keys.reduce(0) { $0 + ($1.text.utf8.count > 15 ? $1.text.utf8.count : 0) }
        }
    }

    /// Checks that each index holds exactly every row under its current value.
    /// - Complexity: O(n) per index.
    package func checkInvariants(items: ItemTable) throws {
        for case let (name, index?) in indexes {
            try index.byText.checkInvariants()
            var held = 0
            try items.forEachRow { row, item in
                let slot = Self.slot(item.property(name))
                let found: Bool
                switch slot {
                case .text(let text)?: found = index.byText.rows(for: text).contains(row)
                case .other?: found = index.otherText.contains(row)
                case nil: found = true
                }
                if slot != nil { held += 1 }
                try IndexCorruption.check(found, "PropertyValueIndexes: \(name) row \(row) is stale")
            }
            try IndexCorruption.check(
                index.byText.total + index.otherText.count == held, "PropertyValueIndexes: \(name) holds other rows")
        }
    }

    /// Where `value` puts its row, or nil for one no text literal equals (absent, null, a number, a Boolean).
    private static func slot(_ value: JSONValue?) -> Slot? {
        switch value {
        case nil, .null?, .bool?, .integer?, .number?: return nil
        case .string(let text)?: return text.utf8.count <= keyLimit ? .text(TextKey(text: text)) : .other
        case _?: return .other
        }
    }

    /// Adds `row` under `slot`; answers false, leaving the index half-changed, when that passes `valueLimit`.
    private static func insert(_ row: RowID, _ slot: Slot, into index: inout Index) -> Bool {
        switch slot {
        case .text(let text):
            index.byText.insert(row, key: text)
            return index.byText.keys.count <= valueLimit
        case .other:
            index.otherText.insert(row)
        }
        return true
    }

    /// Removes `row` from under `slot`.
    private static func remove(_ row: RowID, _ slot: Slot, from index: inout Index) {
        switch slot {
        case .text(let text):
            index.byText.remove(row, key: text)
        case .other:
            index.otherText.remove(row)
        }
    }
}
