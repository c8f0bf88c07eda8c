import XCTest
import MarfaRules
@testable import MarfaEngine

/// The id map of `ItemTable` (rows by a UUID's bits in an open-addressing table) and the UUID reading it rests on.
final class ItemRowMapTests: XCTestCase {
    func testRandomInsertsAndRemovalsOfUUIDsKeepTheMapLikeADictionary() {
        var map = ItemRowMap()
        var model: [String: RowID] = [:]
        let item = Item(id: "any", type: "core.note", occurredAt: "", createdAt: "", updatedAt: "")
        var random = SplitMixRandom(seed: 27)
        let ids = (0..<4000).map { index in
            ItemID.make(milliseconds: 1_700_000_000_000 + UInt64(index / 7), using: &random)
        }
        var captured: (map: ItemRowMap, model: [String: RowID])?
        for step in 0..<30_000 {
            let id = ids[random.below(ids.count)]
            if random.below(3) == 0 {
                XCTAssertEqual(map.remove(id), model.removeValue(forKey: id), "remove \(id) at step \(step)")
            } else if model[id] == nil {
                map.insert(id, row: RowID(step), item: item)
                model[id] = RowID(step)
            } else {
                var replaced = item
                replaced.version = Int64(step)
                let before = map[id]?.item.version
                let held = map.replace(id, with: replaced)
                XCTAssertEqual(held?.row, model[id], "a replace keeps the row")
                XCTAssertEqual(held?.item.version, before, "a replace answers the item it replaced")
                XCTAssertEqual(map[id]?.item.version, Int64(step))
            }
            if step == 20_000 { captured = (map, model) }
        }
        XCTAssertEqual(map.count, model.count)
        for id in ids { XCTAssertEqual(map[id]?.row, model[id], id) }
        guard let captured else { return XCTFail("no capture") }
        for id in ids { XCTAssertEqual(captured.map[id]?.row, captured.model[id], "the capture kept \(id)") }
    }

    /// Room reserved before, between and after inserts (as a snapshot restore reserves for the items that follow)
    /// changes nothing a reader sees: every id keeps its row, removals still find theirs.
    func testReservingRoomKeepsEveryRow() {
        var map = ItemRowMap()
        let item = Item(id: "any", type: "core.note", occurredAt: "", createdAt: "", updatedAt: "")
        var random = SplitMixRandom(seed: 47)
        let ids = (0..<6000).map { _ in ItemID.make(milliseconds: UInt64(random.below(1 << 40)), using: &random) }
        map.reserveCapacity(3000)
        for (index, id) in ids[..<2000].enumerated() { map.insert(id, row: RowID(index), item: item) }
        map.reserveCapacity(60_000)
        for (index, id) in ids[2000...].enumerated() { map.insert(id, row: RowID(2000 + index), item: item) }
        map.reserveCapacity(10)
        XCTAssertEqual(map.count, ids.count)
        for (index, id) in ids.enumerated() { XCTAssertEqual(map[id]?.row, RowID(index), id) }
        for (index, id) in ids.enumerated() where index % 3 == 0 { XCTAssertEqual(map.remove(id), RowID(index)) }
        for (index, id) in ids.enumerated() { XCTAssertEqual(map[id]?.row, index % 3 == 0 ? nil : RowID(index)) }
    }

    func testIdsThatAreNotLowercaseUUIDsAreKeyedAsThemselves() {
        var map = ItemRowMap()
        let item = Item(id: "any", type: "core.note", occurredAt: "", createdAt: "", updatedAt: "")
        let uuid = "0190f2a1-7b3c-7d4e-8f50-61728394a5b6"
        let others = [
            uuid.uppercased(), "item-1", "", String(uuid.dropLast()) + "g",
            uuid.replacingOccurrences(of: "-", with: "_"),
        ]
        map.insert(uuid, row: 0, item: item)
        for (index, id) in others.enumerated() { map.insert(id, row: RowID(index + 1), item: item) }
        XCTAssertEqual(map.count, 1 + others.count)
        XCTAssertEqual(map[uuid]?.row, 0)
        for (index, id) in others.enumerated() { XCTAssertEqual(map[id]?.row, RowID(index + 1), id) }
        XCTAssertEqual(map.remove("item-1"), 2)
        XCTAssertNil(map["item-1"])
        XCTAssertNil(map.remove("item-1"))
        XCTAssertEqual(map.count, others.count)
    }

    func testAUUIDsOrderIsItsHexDigitsAndAnyOtherByteRefusesIt() throws {
        var random = SplitMixRandom(seed: 5)
        for _ in 0..<500 {
            let id = ItemID.make(milliseconds: UInt64(random.below(1 << 40)), using: &random)
            let digits = id.replacingOccurrences(of: "-", with: "")
            let order = try XCTUnwrap(ItemOrder(id: id))
            XCTAssertEqual(order.high, UInt64(digits.prefix(16), radix: 16), id)
            XCTAssertEqual(order.low, UInt64(digits.suffix(16), radix: 16), id)
        }
        let valid = Array("0123abcd-ef45-6789-aabb-ccddeeff0011".utf8)
        XCTAssertEqual(ItemOrder(id: String(decoding: valid, as: UTF8.self)),
                       ItemOrder(high: 0x0123_ABCD_EF45_6789, low: 0xAABB_CCDD_EEFF_0011))
        for position in valid.indices {
            for byte in [UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "A"), UInt8(ascii: "/"),
                         UInt8(ascii: ":"), UInt8(ascii: "`"), UInt8(ascii: "-"), 0x80, 0xC3]
            where byte != valid[position] {
                var bytes = valid
                bytes[position] = byte
                XCTAssertNil(ItemOrder(id: String(decoding: bytes, as: UTF8.self)), "byte \(byte) at \(position)")
            }
        }
        XCTAssertNil(ItemOrder(id: String(decoding: valid.dropLast(), as: UTF8.self)))
        XCTAssertNil(ItemOrder(id: String(decoding: valid + [UInt8(ascii: "0")], as: UTF8.self)))
    }
}
