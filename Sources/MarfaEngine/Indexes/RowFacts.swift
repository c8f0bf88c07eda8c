import MarfaRules

/// The fields lists filter and sort on, one compact record per row: type and source as small codes, state, tier
/// and the three times in milliseconds. A list walk decides these filters with one array read per row, without
/// touching the item, and reads the item only for the rows it returns.
package struct RowFacts: Sendable {
    /// One row's facts.
    package struct Facts: Sendable, Equatable {
        /// The type's code in `typeNames`.
        package var type: UInt32
        /// The source's code in `sourceNames`.
        package var source: UInt32
        /// The item's state.
        package var state: ItemState
        /// The item's tier.
        package var tier: Tier?
        /// `created_at` in milliseconds.
        package var created: Int64
        /// `updated_at` in milliseconds.
        package var updated: Int64
        /// `occurred_at` in milliseconds.
        package var occurred: Int64

        /// The time a time sort orders by.
        package func time(_ field: SortField) -> Int64 {
            switch field {
            case .createdAt: return created
            case .updatedAt: return updated
            case .occurredAt, .property: return occurred
            }
        }
    }

    /// A row's type code, state and tier packed in 32 bits: what a plain list filters on, read from a dense array
    /// of 4 bytes a row (400 KB at 100k rows, which stays in cache) rather than from the 48-byte records.
    package struct Brief: Sendable, Equatable {
        /// The type code (bits 8–31, room for 16.7M type names where a catalog holds tens), the tier (bits 4–7:
        /// `tierCode`) and the state (bits 0–3: `stateBit`); all zero for a row no item holds.
        let bits: UInt32

        /// The brief of a row no item holds.
        static let vacant = Brief(bits: 0)

        /// Packs one row's facts.
        init(type: UInt32, state: ItemState, tier: Tier?) {
            bits = type << 8 | UInt32(Self.tierCode(tier)) << 4 | UInt32(Self.stateBit(state))
        }

        private init(bits: UInt32) { self.bits = bits }

        /// The state's bit (`stateBit`), zero for a row no item holds.
        var stateBits: UInt8 { UInt8(truncatingIfNeeded: bits & 0xF) }

        /// The tier's code (`tierCode`).
        var tier: UInt8 { UInt8(truncatingIfNeeded: bits >> 4 & 0xF) }

        /// The type code.
        var type: Int { Int(bits >> 8) }

        /// One bit per state, so a set of states is a mask.
        static func stateBit(_ state: ItemState) -> UInt8 {
            switch state {
            case .active: return 1
            case .archived: return 2
            case .trashed: return 4
            case .revoked: return 8
            }
        }

        /// 0 for no tier, 1 + the tier's index otherwise.
        static func tierCode(_ tier: Tier?) -> UInt8 {
            switch tier {
            case nil: return 0
            case .library: return 1
            case .feed: return 2
            }
        }
    }

    /// Facts by row; nil for a row no item holds.
    private var facts: [Facts?] = []
    /// Briefs by row, beside `facts`; `.vacant` for a row no item holds.
    private var briefs: [Brief] = []
    /// Codes by type name, and names by code.
    private var typeCodes: [String: UInt32] = [:]
    /// The type names, at their codes.
    package private(set) var typeNames: [String] = []
    /// Codes by source, and sources by code.
    private var sourceCodes: [String: UInt32] = [:]
    /// The sources, at their codes.
    private var sourceNames: [String] = []

    /// No facts.
    package init() {}

    /// The facts of `row`, or nil when no item holds it.
    /// - Complexity: O(1).
    @inline(__always)
    package subscript(row: RowID) -> Facts? {
        Int(row) < facts.count ? facts[Int(row)] : nil
    }

    /// The brief of `row`: `.vacant` when no item holds it.
    /// - Complexity: O(1).
    @inline(__always)
    package func brief(_ row: RowID) -> Brief {
        Int(row) < briefs.count ? briefs[Int(row)] : .vacant
    }

    /// The code of a type name, or nil when no item has ever had that type.
    package func typeCode(_ name: String) -> UInt32? { typeCodes[name] }

    /// The code of a source, or nil when no item has ever come from it.
    package func sourceCode(_ name: String) -> UInt32? { sourceCodes[name] }

    /// Records `item` at `row`, replacing what the row held.
    /// - Complexity: O(1) amortized.
    package mutating func set(_ row: RowID, _ item: Item) {
        let times = TimeKey.times(of: item)
        let record = Facts(
            type: Self.code(item.type, in: &typeCodes, names: &typeNames),
            source: Self.code(item.source, in: &sourceCodes, names: &sourceNames), state: item.state,
            tier: item.tier, created: times.created, updated: times.updated, occurred: times.occurred)
        let brief = Brief(type: record.type, state: record.state, tier: record.tier)
        if Int(row) == facts.count {
            // The next new row (every fresh item's): one append each, not a gap of one filled and then written.
            facts.append(record)
            briefs.append(brief)
            return
        }
        if Int(row) > facts.count {
            facts.append(contentsOf: repeatElement(nil, count: Int(row) + 1 - facts.count))
            briefs.append(contentsOf: repeatElement(.vacant, count: Int(row) + 1 - briefs.count))
        }
        facts[Int(row)] = record
        briefs[Int(row)] = brief
    }

    /// Forgets what `row` held.
    /// - Complexity: O(1).
    package mutating func clear(_ row: RowID) {
        if Int(row) < facts.count {
            facts[Int(row)] = nil
            briefs[Int(row)] = .vacant
        }
    }

    /// How many rows have a tier.
    /// - Complexity: O(capacity).
    package var tieredCount: Int { facts.count { $0?.tier != nil } }

    /// Checks that every row an item holds carries that item's type, source, state and tier and no other row
    /// carries any; the times are checked against the time indexes by `checkTimes`.
    /// - Complexity: O(capacity).
    package func checkInvariants(items: ItemTable) throws {
        var held = 0
        try items.forEachRow { row, item in
            guard let record = self[row] else { throw IndexCorruption(description: "RowFacts: row \(row) has none") }
            try IndexCorruption.check(
                typeNames[Int(record.type)] == item.type && sourceNames[Int(record.source)] == item.source
                    && record.state == item.state && record.tier == item.tier,
                "RowFacts: row \(row) disagrees with item \(item.id)")
            try IndexCorruption.check(
                brief(row) == Brief(type: record.type, state: item.state, tier: item.tier),
                "RowFacts: row \(row)'s brief disagrees with item \(item.id)")
            held += 1
        }
        try IndexCorruption.check(facts.count(where: { $0 != nil }) == held, "RowFacts: facts for a free row")
        try IndexCorruption.check(briefs.count(where: { $0 != .vacant }) == held, "RowFacts: a brief for a free row")
    }

    /// Checks that every entry of a time index sits under its row's time for `field` and carries its row's brief
    /// (the index holds every row, which the caller checks by count).
    /// - Complexity: O(n).
    package func checkTimes(_ index: SortIndex<Int64>, field: SortField) throws {
        var agree = true
        index.forEach(.ascending) { entry in
            agree = self[entry.row]?.time(field) == entry.key && brief(entry.row) == entry.brief
            return agree
        }
        try IndexCorruption.check(agree, "RowFacts: a \(field) index entry disagrees with its row's time or brief")
    }

    private static func code(_ name: String, in codes: inout [String: UInt32], names: inout [String]) -> UInt32 {
        if let known = codes[name] { return known }
        let code = UInt32(names.count)
        codes[name] = code
        names.append(name)
        return code
    }
}
