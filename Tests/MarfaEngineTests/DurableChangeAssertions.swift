import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// Checks that `change` is durable: it round-trips through the record codec, every cut of its record is refused
/// `store_corrupt`, and a snapshot of a state holding it restores that state; answers the restored state.
@discardableResult
func assertDurable(_ change: StoreChange, file: StaticString = #filePath, line: UInt = #line) throws -> CopyState {
    XCTAssertEqual(try StoreChange.decode(StoreChange.encode([change])), [change], file: file, line: line)
    let bytes = StoreChange.encode([change])
    for cut in 0..<bytes.count {
        XCTAssertThrowsError(try StoreChange.decode(Array(bytes[0..<cut])), file: file, line: line) { error in
            XCTAssertEqual((error as? MarfaError)?.code(), "store_corrupt", file: file, line: line)
        }
    }
    var state = CopyState()
    state.apply(change)
    var restored = CopyState()
    for each in state.asChanges { restored.apply(each) }
    XCTAssertEqual(restored, state, "a snapshot restores it", file: file, line: line)
    return restored
}
