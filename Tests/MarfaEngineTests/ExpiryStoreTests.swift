import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// The expiry a taken retype or source move records is durable (F029, F074, F091, Decision 0110): change tag 36
/// round-trips, set and cleared, a cut record is `store_corrupt`, and a snapshot carries it.
final class ExpiryStoreTests: XCTestCase {
    func testTheExpiryRoundTripsAndASnapshotCarriesIt_F029_Decision0110() throws {
        let restored = try assertDurable(.setExpiry("read_view_changed"))
        XCTAssertEqual(restored.expiry, "read_view_changed")
    }

    func testAClearedExpiryRoundTrips_F029_Decision0110() throws {
        let restored = try assertDurable(.setExpiry(nil))
        XCTAssertNil(restored.expiry)
    }
}
