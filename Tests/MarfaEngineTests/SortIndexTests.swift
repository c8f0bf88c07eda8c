import MarfaRules
import XCTest
@testable import MarfaEngine

final class SortIndexTests: XCTestCase {
    private typealias Entry = SortIndex<Int64>.Entry

    private func walk(_ index: SortIndex<Int64>, _ direction: SortWalk, _ start: SortStart<Int64>) -> [RowID] {
        var rows: [RowID] = []
        index.forEach(direction, from: start) { rows.append($0.row); return true }
        return rows
    }

    /// What a full sort answers for a walk, given the entries already in the walk's order.
    private func expected(_ ordered: [Entry], _ direction: SortWalk, _ start: SortStart<Int64>) -> [RowID] {
        var ordered = ordered
        let descendingKeys = direction != .ascending
        switch start {
        case .edge: break
        case .key(let key, let inclusive):
            ordered = ordered.filter { entry in
                if descendingKeys { return inclusive ? entry.key <= key : entry.key < key }
                return inclusive ? entry.key >= key : entry.key > key
            }
        case .after(let key, let order):
            ordered = ordered.filter { entry in
                switch direction {
                case .ascending: return entry.key > key || (entry.key == key && entry.order > order)
                case .descending: return entry.key < key || (entry.key == key && entry.order < order)
                case .descendingKeys: return entry.key < key || (entry.key == key && entry.order > order)
                }
            }
        }
        return ordered.map(\.row)
    }

    private func order(_ random: inout SplitMixRandom) -> ItemOrder {
        ItemOrder(high: UInt64(random.below(1000)), low: random.next())
    }

    private func brief(_ random: inout SplitMixRandom) -> RowFacts.Brief {
        RowFacts.Brief(type: UInt32(random.below(5)), state: ItemState.allCases[random.below(4)], tier: .library)
    }

    /// Random inserts, removals, moves and brief changes (Decision 0063) walk as a full sort of the model, every
    /// entry with the brief last set for its row.
    func testRandomEditsWalkAsAFullSortFromAnyBoundBothWays() throws {
        var random = SplitMixRandom(seed: 31)
        var index = SortIndex<Int64>()
        var model: [RowID: Entry] = [:]
        var live: [RowID] = []
        for step in 1...12_000 {
            let roll = random.below(10)
            if roll < 5 || live.isEmpty || (step < 6000 && roll < 7) {
                let entry = Entry(
                    key: Int64(random.below(60)), order: order(&random), row: RowID(step), brief: brief(&random))
                index.insert(entry.row, key: entry.key, order: entry.order, brief: entry.brief)
                model[entry.row] = entry
                live.append(entry.row)
            } else if roll < 8 {
                let position = random.below(live.count)
                live.swapAt(position, live.count - 1)
                guard let row = live.popLast(), let entry = model.removeValue(forKey: row) else { continue }
                XCTAssertTrue(index.remove(row, key: entry.key, order: entry.order))
                XCTAssertFalse(index.remove(row, key: entry.key, order: entry.order))
            } else if roll < 9 {
                let row = live[random.below(live.count)]
                guard var entry = model[row] else { continue }
                entry.brief = brief(&random)
                XCTAssertFalse(index.setBrief(entry.brief, row: row, key: entry.key + 100, order: entry.order))
                XCTAssertTrue(index.setBrief(entry.brief, row: row, key: entry.key, order: entry.order))
                model[row] = entry
            } else {
                let row = live[random.below(live.count)]
                guard var entry = model[row] else { continue }
                XCTAssertTrue(index.remove(row, key: entry.key, order: entry.order))
                entry.key = Int64(random.below(60))
                index.insert(row, key: entry.key, order: entry.order, brief: entry.brief)
                model[row] = entry
            }
            if step % 3000 == 0 {
                try index.checkInvariants()
                XCTAssertEqual(index.count, model.count)
                let held = index.entries(.ascending, limit: .max)
                XCTAssertEqual(held, model.values.sorted())
                XCTAssertEqual(held.map(\.brief), model.values.sorted().map(\.brief))
                let entries = model.values.sorted()
                let orders: [(SortWalk, [Entry])] = [
                    (.ascending, entries), (.descending, entries.reversed()),
                    (.descendingKeys, entries.sorted { $0.key > $1.key || ($0.key == $1.key && $0.order < $1.order) }),
                ]
                for (direction, ordered) in orders {
                    XCTAssertEqual(walk(index, direction, .edge), expected(ordered, direction, .edge))
                    for _ in 0..<12 {
                        let start: SortStart<Int64>
                        switch random.below(3) {
                        case 0: start = .key(Int64(random.below(64)) - 2, inclusive: random.below(2) == 0)
                        case 1:
                            let entry = entries[random.below(entries.count)]
                            start = .after(entry.key, entry.order)
                        default: start = .after(Int64(random.below(60)), order(&random))
                        }
                        let answer = expected(ordered, direction, start)
                        XCTAssertEqual(walk(index, direction, start), answer, "\(direction) from \(start)")
                        let limited = index.entries(direction, from: start, limit: 50).map(\.row)
                        XCTAssertEqual(limited, Array(answer.prefix(50)))
                    }
                }
            }
        }
        for entry in model.values { index.remove(entry.row, key: entry.key, order: entry.order) }
        try index.checkInvariants()
        XCTAssertEqual(index.count, 0)
        XCTAssertEqual(walk(index, .descending, .edge), [])
        XCTAssertEqual(walk(index, .ascending, .edge), [])
    }

    func testMassInsertAndRemovalKeepTheTreeBalanced() throws {
        var random = SplitMixRandom(seed: 77)
        var index = SortIndex<Int64>()
        var entries = (0..<100_000).map {
            Entry(key: Int64($0 % 977), order: order(&random), row: RowID($0), brief: .vacant)
        }
        for entry in entries { index.insert(entry.row, key: entry.key, order: entry.order, brief: .vacant) }
        try index.checkInvariants()
        for position in stride(from: entries.count - 1, to: 0, by: -1) {
            entries.swapAt(position, random.below(position + 1))
        }
        for (step, entry) in entries.prefix(97_000).enumerated() {
            XCTAssertTrue(index.remove(entry.row, key: entry.key, order: entry.order))
            if step % 24_000 == 0 { try index.checkInvariants() }
        }
        try index.checkInvariants()
        XCTAssertEqual(walk(index, .ascending, .edge), entries.suffix(3000).sorted().map(\.row))
        XCTAssertEqual(walk(index, .descending, .key(500, inclusive: true)),
                       entries.suffix(3000).filter { $0.key <= 500 }.sorted().reversed().map(\.row))
    }

    /// Rows inserted in key order (items arriving oldest first) leave each split leaf holding its entries in an
    /// array of about their size, not the doubled one the insert grew before the split.
    func testAscendingInsertsKeepLeavesNearTheirEntriesSize() throws {
        var random = SplitMixRandom(seed: 31)
        var index = SortIndex<Int64>()
        for row in 0..<20_000 { index.insert(RowID(row), key: Int64(row), order: order(&random), brief: .vacant) }
        try index.checkInvariants()
        // The brief fills the padding after the row: a time index's entry stays 32 bytes (Decision 0063).
        XCTAssertEqual(MemoryLayout<Entry>.stride, 32)
        let entryBytes = index.count * MemoryLayout<Entry>.stride
        XCTAssertLessThan(index.byteCount, entryBytes * 3 / 2, "leaves hold spare room for more entries than they have")
    }

    /// An index built in bulk from sorted entries is a valid tree at every size around the fanout's multiples,
    /// walks like a full sort both ways and takes later inserts and removals like one built entry by entry.
    func testBulkBuiltIndexIsBalancedWalksInOrderAndTakesEdits() throws {
        var random = SplitMixRandom(seed: 41)
        let fanout = SortIndex<Int64>.fanout
        for size in [0, 1, fanout - 1, fanout, fanout + 1, 2 * fanout + 1, fanout * fanout + 3, 50_000] {
            let entries = (0..<size).map {
                Entry(key: Int64(random.below(997)), order: order(&random), row: RowID($0), brief: .vacant)
            }
            var index = SortIndex<Int64>(sorted: entries.sorted())
            try index.checkInvariants()
            XCTAssertEqual(index.count, size)
            XCTAssertEqual(walk(index, .ascending, .edge), entries.sorted().map(\.row), "size \(size)")
            XCTAssertEqual(walk(index, .descending, .key(500, inclusive: false)),
                           entries.filter { $0.key < 500 }.sorted().reversed().map(\.row), "size \(size)")
            let added = Entry(key: 498, order: .lowest, row: RowID(size), brief: .vacant)
            index.insert(added.row, key: added.key, order: added.order, brief: .vacant)
            for entry in entries.prefix(size / 2) {
                XCTAssertTrue(index.remove(entry.row, key: entry.key, order: entry.order))
            }
            try index.checkInvariants()
            let kept = entries.suffix(size - size / 2) + [added]
            XCTAssertEqual(walk(index, .ascending, .edge), kept.sorted().map(\.row))
        }
    }

    func testCopiesAreIndependent() throws {
        var random = SplitMixRandom(seed: 2)
        var original = SortIndex<Int64>()
        var entries: [Entry] = []
        for row in RowID(0)..<5000 {
            let entry = Entry(key: Int64(random.below(100_000)), order: order(&random), row: row, brief: .vacant)
            entries.append(entry)
            original.insert(row, key: entry.key, order: entry.order, brief: .vacant)
        }
        var copy = original
        for entry in entries.prefix(4000) { copy.remove(entry.row, key: entry.key, order: entry.order) }
        copy.insert(9999, key: -1, order: .lowest, brief: .vacant)
        let archived = RowFacts.Brief(type: 1, state: .archived, tier: .feed)
        for entry in entries.suffix(1000) {
            XCTAssertTrue(copy.setBrief(archived, row: entry.row, key: entry.key, order: entry.order))
        }
        try original.checkInvariants()
        try copy.checkInvariants()
        XCTAssertEqual(original.count, 5000)
        XCTAssertEqual(walk(original, .ascending, .edge), entries.sorted().map(\.row))
        XCTAssertEqual(walk(copy, .ascending, .edge), [9999] + entries.suffix(1000).sorted().map(\.row))
        // A brief set on the copy stays out of the original's shared nodes (copy-on-write, Decision 0063).
        XCTAssertEqual(original.entries(.ascending, limit: .max).map(\.brief), Array(repeating: .vacant, count: 5000))
        XCTAssertEqual(
            copy.entries(.ascending, limit: .max).map(\.brief), [.vacant] + Array(repeating: archived, count: 1000))
    }

    func testPropertySortPutsNumbersThenTextThenMissingWithTiesByID() throws {
        let values: [(String, JSONValue?)] = [
            ("t-b", .string("b")), ("t-B", .string("B")), ("t-é", .string("é")), ("t-e", .string("e\u{301}")),
            ("n-10", .integer(10)), ("n-2.5", .number(2.5)), ("b-true", .bool(true)), ("n-1", .integer(1)),
            ("b-false", .bool(false)), ("n-neg", .integer(-3)), ("m-null", .null), ("m-absent", nil),
            ("m-array", .array([.integer(1)])), ("m-object", .object([:])), ("t-empty", .string("")),
            ("t-b2", .string("b")),
        ]
        var index = SortIndex<PropertySortKey>()
        var names: [RowID: String] = [:]
        for (offset, (name, value)) in values.enumerated() {
            // Ids ascend with the reversed position, so ties must follow the id and not the insertion order.
            let order = ItemOrder(high: UInt64(100 - offset), low: 0)
            index.insert(RowID(offset), key: PropertySortKey(value), order: order, brief: .vacant)
            names[RowID(offset)] = name
        }
        try index.checkInvariants()
        func read(descending: Bool, page: Int) -> [String] {
            var result: [String] = []
            var after: SortIndex<PropertySortKey>.Entry?
            while true {
                var batch: [SortIndex<PropertySortKey>.Entry] = []
                index.forEachInPropertyOrder(descending: descending, after: after) { entry in
                    batch.append(entry)
                    return batch.count < page
                }
                result += batch.compactMap { names[$0.row] }
                guard batch.count == page, let last = batch.last else { return result }
                after = last
            }
        }
        let ascending = ["n-neg", "b-false", "n-1", "b-true", "n-2.5", "n-10", "t-empty", "t-B", "t-b2", "t-b",
                         "t-e", "t-é", "m-object", "m-array", "m-absent", "m-null"]
        let descending = ["t-é", "t-e", "t-b2", "t-b", "t-B", "t-empty", "n-10", "n-2.5", "n-1", "b-true",
                          "b-false", "n-neg", "m-object", "m-array", "m-absent", "m-null"]
        for page in [1, 3, 100] {
            XCTAssertEqual(read(descending: false, page: page), ascending, "page \(page)")
            XCTAssertEqual(read(descending: true, page: page), descending, "page \(page)")
        }
        XCTAssertTrue(PropertySortKey.text("e\u{301}") != PropertySortKey.text("é"))
    }
}
