import Marfa
import MarfaTestSupport
import XCTest

/// A test case with a fresh reference instance behind a `ScriptedFront` for each test, shut down after it.
class FrontedInstanceCase: XCTestCase {
    /// The instance of the running test.
    var harness: InstanceHarness!
    /// The scripted server in front of it.
    let front = ScriptedFront()

    override func setUp() async throws {
        harness = try await InstanceHarness(front: front)
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// Writes three notes, `late 0` to `late 2`, after `copy`'s fill and trims the log past the first two, so the
    /// copy's next catch-up or follow is told `catchup_too_old` (WC-30, F129).
    func writeNotesPastTheLog(of copy: WorkingCopy) async throws {
        let status = try await copy.status()
        let filledAt = try unwrap(Int(try unwrap(status.eventCursor)))
        for number in 0..<3 { _ = try await harness.createItem(type: "core.note", title: "late \(number)") }
        let (trimmed, _) = try await harness.request(
            "POST", "/__reference/log/trim", body: ["through": .integer(Int64(filledAt + 2))])
        XCTAssertEqual(trimmed, 200)
    }
}
