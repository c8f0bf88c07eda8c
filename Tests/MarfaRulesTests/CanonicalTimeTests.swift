import Foundation
import XCTest
import MarfaRules

/// An item holds a time in the canonical form (P-15's output form) as milliseconds and gives back exactly the
/// text it was given, canonical or not.
final class CanonicalTimeTests: XCTestCase {
    func testMillisecondsAndTextStandForEachOtherAcrossTheYearRange_P15() {
        var random = SplitMixRandom(seed: 19)
        let lowest: Int64 = -62_167_219_200_000  // 0000-01-01T00:00:00.000Z
        let highest: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z
        for milliseconds in [lowest, highest, 0, -1, 951_782_400_000] + (0..<20_000).map({ _ in
            lowest + Int64(random.next() % UInt64(highest - lowest + 1))
        }) {
            let text = CanonicalTime.text(milliseconds)
            XCTAssertEqual(CanonicalTime.milliseconds(text), milliseconds, text)
            // A tenth of a millisecond in, so the formatter's rounding down of a `Double` lands on the millisecond.
            let date = Date(timeIntervalSince1970: (Double(milliseconds) + 0.1) / 1000)
            if milliseconds >= 0 { XCTAssertEqual(Timestamp.string(from: date), text) }
        }
        XCTAssertEqual(CanonicalTime.text(lowest), "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(CanonicalTime.text(951_782_400_000), "2000-02-29T00:00:00.000Z")
    }

    func testOnlyTheCanonicalFormIsReadAsMilliseconds_P15() {
        for text in [
            "2026-02-29T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-01-01T24:00:00.000Z",
            "2026-01-01T00:00:60.000Z", "2026-01-01T00:00:00.000+00:00", "2026-01-01 00:00:00.000Z",
            "2026-01-01T00:00:00Z", "2026-01-01t00:00:00.000Z", "2026-01-01T00:00:00.000z", "", "yesterday",
        ] {
            XCTAssertNil(CanonicalTime.milliseconds(text), text)
        }
        XCTAssertEqual(CanonicalTime.milliseconds("2024-02-29T00:00:00.000Z"), 1_709_164_800_000)
    }

    func testAnItemGivesBackEachTimeAsItWasGivenAndComparesByIt() throws {
        let canonical = "2024-07-01T12:00:00.000Z"
        let loose = "2024-07-01T12:00:00Z"
        func item(_ created: String, _ updated: String) -> Item {
            Item(id: "n", type: "core.note", occurredAt: created, createdAt: created, updatedAt: updated)
        }
        let held = item(canonical, "2024-07-02T08:30:00.000Z")
        XCTAssertEqual(held.createdAt, canonical)
        XCTAssertEqual(held.updatedAt, "2024-07-02T08:30:00.000Z")
        XCTAssertEqual(held.timeMilliseconds?.created, 1_719_835_200_000)
        let odd = item(canonical, loose)
        XCTAssertEqual(odd.updatedAt, loose, "a time not in the canonical form is kept as its text")
        XCTAssertEqual(odd.createdAt, canonical)
        XCTAssertNil(odd.timeMilliseconds)
        XCTAssertNotEqual(odd, item(canonical, canonical), "the same instant spelled otherwise is another value")
        XCTAssertEqual(item(canonical, loose), odd)
        XCTAssertEqual(item(canonical, loose).hashValue, odd.hashValue)
        var edited = odd
        edited.updatedAt = canonical
        XCTAssertEqual(edited, item(canonical, canonical))
        XCTAssertEqual(edited.timeMilliseconds?.updated, 1_719_835_200_000)
        let decoded = try JSONDecoder().decode(Item.self, from: JSONEncoder().encode(odd))
        XCTAssertEqual(decoded, odd)
    }
}
