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
