import MarfaRules
import XCTest

/// An item read from the instance's JSON (P-55) carries a lowercase UUID id (P-12); anything else is malformed
/// instance data, refused as `decoding` rather than held where the copy's indexes cannot order it.
final class WireItemTests: XCTestCase {
    private func wire(id: String) -> JSONValue {
        ["id": .string(id), "type": "core.note", "created_at": "2026-01-02T03:04:05.006Z", "version": 3]
    }

    func testAWireItemWithALowercaseUUIDIdReads_P12_P55() throws {
        let id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
        let item = try Item(json: wire(id: id))
        XCTAssertEqual(item.id, id)
        XCTAssertEqual(item.version, 3)
    }

    func testAWireItemWhoseIdIsNotALowercaseUUIDIsRefusedDecoding_P12() {
        for id in [
            "a", "", "0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B", "0190a1b2c3d47e5f8a9b0c1d2e3f4a5b",
            "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5g", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5", "0190a1b2_c3d4-7e5f-8a9b-0c1d2e3f4a5b",
        ] {
            XCTAssertThrowsError(try Item(json: wire(id: id)), id) { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "decoding", id)
            }
        }
    }
}
