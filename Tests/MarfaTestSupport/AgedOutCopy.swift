import Foundation
import Marfa
import XCTest

extension InstanceHarness {
    /// Ages `copy`'s cursor out (WC-30): three more notes are written, the log is trimmed through `through`, and a
    /// catch-up is refused `copy_expired`, leaving the copy expired.
    package func ageOut(_ copy: WorkingCopy, trimmingThrough through: Int) async throws {
        for number in 0..<3 { _ = try await createItem(type: "core.note", title: "more \(number)") }
        let trim: JSONValue = ["through": .integer(Int64(through))]
        let (trimmed, _) = try await request("POST", "/__reference/log/trim", body: trim)
        XCTAssertEqual(trimmed, 200)
        do {
            _ = try await copy.catchUp()
            XCTFail("an aged-out cursor caught up")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "catch_up_too_old", "WC-30, device-cli.md: the aged-out cursor's code (Decision 0103)")
        }
        expectEqual(try await copy.status().hydration, .expired)
    }
}
