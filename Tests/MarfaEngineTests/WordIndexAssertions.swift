import XCTest

@testable import MarfaEngine

/// Asserts that `index` holds the rows and counts `expected` holds for each of `words`, the same totals, and is whole.
func assertSameWordIndex(
    _ index: WordIndex, as expected: WordIndex, words: [String], file: StaticString = #filePath, line: UInt = #line
) throws {
    for word in words {
        let bytes = Array(word.utf8)
        XCTAssertEqual(index.postings(of: bytes).rows, expected.postings(of: bytes).rows, word, file: file, line: line)
        XCTAssertEqual(
            index.postings(of: bytes).counts, expected.postings(of: bytes).counts, word, file: file, line: line)
    }
    XCTAssertEqual(index.rowCount, expected.rowCount, file: file, line: line)
    XCTAssertEqual(index.totalLength, expected.totalLength, file: file, line: line)
    try index.checkInvariants()
}
