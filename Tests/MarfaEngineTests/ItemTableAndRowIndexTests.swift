import XCTest
import MarfaRules
@testable import MarfaEngine

final class ItemTableAndRowIndexTests: XCTestCase {
    func testItemRowsAreDenseAndReusedLastFreedFirst() throws {
        var table = ItemTable()
        let items = ["a", "b", "c"].map { Item(id: $0, type: "core.note", occurredAt: "", createdAt: "", updatedAt: "") }
        table["a"] = items[0]
        table["b"] = items[1]
        XCTAssertEqual(table.row(of: "a"), 0)
        XCTAssertEqual(table.row(of: "b"), 1)
        table["a"] = items[0]
        XCTAssertEqual(table.row(of: "a"), 0, "a rewrite keeps the row")
        table["a"] = nil
        XCTAssertNil(table.row(of: "a"))
        XCTAssertNil(table[row: 0])
        table["c"] = items[2]
        XCTAssertEqual(table.row(of: "c"), 0)
        XCTAssertEqual(table[row: 0]?.id, "c")
        XCTAssertEqual(table.capacity, 2)
        XCTAssertEqual(table.count, 2)
        try table.checkInvariants()
    }

    func testRandomPutsAndRemovalsKeepTheItemTableLikeADictionary() throws {
        var table = ItemTable()
        var model: [String: Item] = [:]
        var random = SplitMixRandom(seed: 11)
        for step in 0..<5000 {
            let id = "item-\(random.below(3000))"
            if random.below(3) == 0 {
                table[id] = nil
                model[id] = nil
            } else {
                let item = Item(id: id, type: "core.note", version: Int64(step), occurredAt: "", createdAt: "",
                                updatedAt: "")
                table[id] = item
                model[id] = item
            }
        }
        let snapshot = table
        table["item-0"] = nil
        XCTAssertEqual(table.count, model.count - (model["item-0"] == nil ? 0 : 1), "a write after a capture")
        table = snapshot
        XCTAssertEqual(table.count, model.count)
        XCTAssertLessThanOrEqual(table.capacity, 3000)
        for (id, item) in model { XCTAssertEqual(table[id], item) }
        XCTAssertEqual(Set(table.keys), Set(model.keys))
        for (row, item) in table.rows { XCTAssertEqual(table.row(of: item.id), row) }
        try table.checkInvariants()
    }

    func testPutAnswersTheRowAndTheItemItReplaced() throws {
        var table = ItemTable()
        for id in ["0190a5b2-7c3e-7d41-8a2b-3c4d5e6f7a8b", "item-1"] {
            let first = Item(id: id, type: "core.note", version: 1, occurredAt: "", createdAt: "", updatedAt: "")
            let second = Item(id: id, type: "core.task", version: 2, occurredAt: "", createdAt: "", updatedAt: "")
            let added = table.put(first)
            XCTAssertNil(added.old, "\(id): a new id replaces nothing")
            XCTAssertEqual(table.row(of: id), added.row)
            let replaced = table.put(second)
            XCTAssertEqual(replaced.row, added.row, "\(id): a rewrite keeps the row")
            XCTAssertEqual(replaced.old, first)
            XCTAssertEqual(table[row: replaced.row], second)
            XCTAssertEqual(table[id], second)
        }
        XCTAssertEqual(table.count, 2)
        try table.checkInvariants()
    }

    func testOnlyLowercaseUUIDsAreKeyedByTheirBits() throws {
        let id = "0190a5b2-7c3e-7d41-8a2b-3c4d5e6f7a8b"
        XCTAssertEqual(ItemKey(id), .uuid(ItemOrder(high: 0x0190_a5b2_7c3e_7d41, low: 0x8a2b_3c4d_5e6f_7a8b)))
        let others = [
            id.uppercased(), "item-1", id + "0", String(id.dropLast()), id.replacingOccurrences(of: "-", with: "_"),
        ]
        for other in others {
            XCTAssertEqual(ItemKey(other), .text(other), "P-12: \(other) is not a lowercase UUID")
        }
        var table = ItemTable()
        for (version, key) in [id, id.uppercased(), "item-1"].enumerated() {
            table[key] = Item(id: key, type: "core.note", version: Int64(version), occurredAt: "", createdAt: "",
                              updatedAt: "")
        }
        XCTAssertEqual(table.count, 3, "a UUID and its uppercase spelling are two ids")
        XCTAssertEqual(table[id]?.version, 0)
        XCTAssertEqual(table[id.uppercased()]?.version, 1)
        XCTAssertEqual(table["item-1"]?.version, 2)
        try table.checkInvariants()
    }

    func testItemOrderFollowsTheIdStrings() {
        var random = SplitMixRandom(seed: 5)
        let ids = (0..<200).map { _ in random.uuid() }
        let orders = ids.map { ItemOrder(id: $0) }
        XCTAssertFalse(orders.contains(nil))
        let byString = ids.indices.sorted { ids[$0] < ids[$1] }
        let byOrder = ids.indices.sorted { (orders[$0] ?? .lowest) < (orders[$1] ?? .lowest) }
        XCTAssertEqual(byString, byOrder)
        XCTAssertNil(ItemOrder(id: "not-a-uuid"))
        XCTAssertNil(ItemOrder(id: "0190a5b2-7c3d-7e4f-8a9b-0C1d2e3f4a5b"))
    }

    func testRowSetMatchesASetThroughContainerConversions() throws {
        var random = SplitMixRandom(seed: 3)
        var set = RowSet()
        var model = Set<RowID>()
        // Rows crowd one container past the array limit and back, with a few in other containers.
        for step in 0..<40_000 {
            let row: RowID = random.below(10) == 0 ? RowID(random.below(400_000)) : RowID(random.below(9000))
            let removing = step > 20_000 ? random.below(3) != 0 : random.below(4) == 0
            if removing {
                XCTAssertEqual(set.remove(row), model.remove(row) != nil)
            } else {
                XCTAssertEqual(set.insert(row), model.insert(row).inserted)
            }
            if step % 5000 == 0 { try set.checkInvariants() }
        }
        try set.checkInvariants()
        XCTAssertEqual(set.rows, model.sorted())
        XCTAssertEqual(set.count, model.count)
        for row in RowID(0)..<RowID(10_000) { XCTAssertEqual(set.contains(row), model.contains(row)) }
    }

    func testBulkInsertMatchesInsertingOneByOne() throws {
        var random = SplitMixRandom(seed: 17)
        for round in 0..<40 {
            var set = RowSet(Set((0..<random.below(6000)).map { _ in RowID(random.below(200_000)) }))
            var model = Set(set.rows)
            // Mostly ascending runs past the highest row (the bulk-load path), with some rows out of order.
            var rows = (0..<random.below(9000)).map { _ in RowID(random.below(round % 2 == 0 ? 300_000 : 9000)) }
            if round % 3 != 0 { rows.sort() }
            set.insert(contentsOf: rows)
            model.formUnion(rows)
            try set.checkInvariants()
            XCTAssertEqual(set.rows, model.sorted())
        }
    }

    func testIntersectionAndUnionMatchSetAlgebra() throws {
        var random = SplitMixRandom(seed: 9)
        for round in 0..<15 {
            // Densities from a few rows to most rows, so array/array, array/bitmap and bitmap/bitmap all meet.
            let sets: [Set<RowID>] = (0..<3).map { index in
                let density = [2, 40, 900, 9000, 30_000][(round + index * 2) % 5]
                return Set((0..<density).map { _ in RowID(random.below(140_000)) })
            }
            let rowSets = sets.map { RowSet($0) }
            for (left, right) in [(0, 1), (1, 2), (0, 2)] {
                let both = rowSets[left].intersection(rowSets[right])
                let either = rowSets[left].union(rowSets[right])
                XCTAssertEqual(both.rows, sets[left].intersection(sets[right]).sorted())
                XCTAssertEqual(either.rows, sets[left].union(sets[right]).sorted())
                try both.checkInvariants()
                try either.checkInvariants()
            }
            XCTAssertEqual(RowSet.intersection(of: rowSets)?.rows,
                           sets[0].intersection(sets[1]).intersection(sets[2]).sorted())
            XCTAssertEqual(RowSet.union(of: rowSets).rows, sets[0].union(sets[1]).union(sets[2]).sorted())
        }
        XCTAssertNil(RowSet.intersection(of: []))
        XCTAssertEqual(RowSet([5, 1, 5, 3]).rows, [1, 3, 5])
    }
}

extension SplitMixRandom {
    /// A random lowercase UUID string, so index tests replay the same ids.
    mutating func uuid() -> String {
        let hex = Array("0123456789abcdef")
        let digits = (0..<32).map { _ in hex[below(16)] }
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
        return parts.joined(separator: "-")
    }
}
