import Foundation
import XCTest

/// Polls `condition` until it holds or `seconds` pass, and answers whether it came to hold: a bounded wait, never a
/// bare sleep. A wait that runs out fails the test, naming `what`.
@discardableResult
package func eventually(
    _ seconds: Double = 10, _ what: String = "the condition", file: StaticString = #filePath, line: UInt = #line,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    if try await condition() { return true }
    XCTFail("timed out waiting for \(what)", file: file, line: line)
    return false
}
