import Foundation
import Marfa
import XCTest

extension XCTestCase {
    /// Reads connections from an updates iterator until one satisfies `wanted`, within a bound of 20 s.
    func connection(
        _ iterator: CopyUpdates.AsyncIterator, _ what: String, _ wanted: (CopyConnection) -> Bool
    ) async throws -> CopyConnection? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, let update = await iterator.next() {
            if wanted(update.connection) { return update.connection }
        }
        XCTFail("no \(what) connection arrived")
        return nil
    }
}
