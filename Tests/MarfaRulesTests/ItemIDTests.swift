import XCTest

@testable import MarfaRules

/// Item ids (P-12): minted as lowercase UUIDv7, read through the one grammar `UUIDBits`.
final class ItemIDTests: XCTestCase {
    func testASeededSourceMintsTheSameIdAsBefore_P12() {
        // The value the byte-by-byte minting gave for this source and time: seeded datasets keep their ids.
        var generator = SplitMixRandom(seed: 42 &+ 0x9E37_79B9_7F4A_7C15)
        XCTAssertEqual(
            ItemID.make(milliseconds: 1_700_000_000_000, using: &generator), "018bcfe5-6800-73f1-a6b2-33e3ef28529f")
    }

    func testMintedIdsAreWellFormedVersionSevenAndOrderedByTime_P12() {
        var generator = SplitMixRandom(seed: 7)
        let ids = (0..<1000).map { ItemID.make(milliseconds: 1_700_000_000_000 + UInt64($0), using: &generator) }
        for id in ids {
            XCTAssertTrue(ItemID.isWellFormed(id), id)
            XCTAssertEqual(Array(id.utf8)[14], UInt8(ascii: "7"), "version nibble")
            XCTAssertTrue("89ab".utf8.contains(Array(id.utf8)[19]), "variant bits 10")
        }
        XCTAssertEqual(ids, ids.sorted(), "a later millisecond sorts later")
    }

    func testBitsAndTextRoundTrip() throws {
        var generator = SplitMixRandom(seed: 9)
        for _ in 0..<1000 {
            let high = generator.next() as UInt64
            let low = generator.next() as UInt64
            let text = UUIDBits.text(high: high, low: low)
            let bits = try XCTUnwrap(UUIDBits.parse(text), text)
            XCTAssertEqual(bits.high, high)
            XCTAssertEqual(bits.low, low)
            XCTAssertEqual(text.lowercased(), text)
        }
    }

    func testEveryWrongByteAtEveryPositionIsRefused_P12() {
        let id = Array("0190a5b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b".utf8)
        XCTAssertTrue(ItemID.isWellFormed(String(decoding: id, as: UTF8.self)), "witness: the id itself is well formed")
        for position in id.indices {
            for byte in [UInt8(ascii: "g"), UInt8(ascii: "A"), UInt8(ascii: "-"), UInt8(ascii: "0"), 0x80, 0] {
                var wrong = id
                wrong[position] = byte
                let isDash = [8, 13, 18, 23].contains(position)
                let allowed = isDash ? byte == UInt8(ascii: "-") : byte == UInt8(ascii: "0")
                XCTAssertEqual(ItemID.isWellFormed(String(decoding: wrong, as: UTF8.self)), allowed, "\(position) \(byte)")
            }
        }
        XCTAssertFalse(ItemID.isWellFormed(String(decoding: id.dropLast(), as: UTF8.self)))
        XCTAssertFalse(ItemID.isWellFormed(String(decoding: id + [UInt8(ascii: "0")], as: UTF8.self)))
    }
}
