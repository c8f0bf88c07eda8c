import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// The declared types are durable (swift-api.md §2 "Declare"): change tag 26 round-trips, a cut record is refused,
/// and a snapshot carries them.
final class DeclaredTypesStoreTests: XCTestCase {
    func testTheDeclarationsRoundTripAndASnapshotCarriesThem_WC27() throws {
        let restored = try assertDurable(.setDeclaredTypes([#"{"id":"acme.a"}"#, #"{"id":"acme.b"}"#]))
        XCTAssertEqual(restored.declaredTypes, [#"{"id":"acme.a"}"#, #"{"id":"acme.b"}"#])
    }
}
