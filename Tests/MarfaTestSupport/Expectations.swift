import Marfa
import XCTest

/// `XCTAssertEqual` for values computed with `await` (XCTest's autoclosures cannot await).
package func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual, expected, message, file: file, line: line)
}

/// `XCTAssertNil` for values computed with `await`.
package func expectNil<T>(_ actual: T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNil(actual, message, file: file, line: line)
}

/// `XCTUnwrap` for values computed with `await`.
package func unwrap<T>(
    _ value: T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) throws -> T {
    try XCTUnwrap(value, message, file: file, line: line)
}

/// Runs `call` and checks it throws a `MarfaError` whose server code, or else canonical code, is `code`.
package func expectRefused(
    _ code: String, _ what: String, file: StaticString = #filePath, line: UInt = #line,
    _ call: () async throws -> Void
) async {
    do {
        try await call()
        XCTFail("\(what) was not refused", file: file, line: line)
    } catch let error as MarfaError {
        XCTAssertEqual(error.serverCode ?? error.code(), code, "\(what): \(error)", file: file, line: line)
    } catch {
        XCTFail("\(what) threw \(error)", file: file, line: line)
    }
}
