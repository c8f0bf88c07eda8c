import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// The declared types are durable (swift-api.md §2 "Declare"): change tag 26 round-trips, a cut record is refused,
/// and a snapshot carries them.
final class DeclaredTypesStoreTests: XCTestCase {
    func testTheDeclarationsRoundTripAndASnapshotCarriesThem_WC27() throws {
        let change = StoreChange.setDeclaredTypes([#"{"id":"acme.a"}"#, #"{"id":"acme.b"}"#])
        XCTAssertEqual(try StoreChange.decode(StoreChange.encode([change])), [change])
        let bytes = StoreChange.encode([change])
        for cut in 0..<bytes.count {
            XCTAssertThrowsError(try StoreChange.decode(Array(bytes[0..<cut])))
        }
        var state = CopyState()
        state.apply(change)
        var restored = CopyState()
        for each in state.asChanges { restored.apply(each) }
        XCTAssertEqual(restored.declaredTypes, [#"{"id":"acme.a"}"#, #"{"id":"acme.b"}"#])
        XCTAssertEqual(restored, state)
    }
}
