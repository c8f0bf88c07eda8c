import XCTest

@testable import MarfaEngine

/// A first build files its postings word by word, each word's rows in the order found (Decision 0054).
final class WordPostingBatchTests: XCTestCase {
    /// Every posting comes out once, grouped by word id ascending, rows in the order added, across one, two and
    /// three passes of the radix sort (ids below 2^11, 2^22 and 2^32).
    func testPostingsComeOutByWordInTheOrderAdded() {
        for highest in [UInt32(2_000), 4_000_000, 4_000_000_000] {
            var random = SystemRandomNumberGenerator()
            var batch = WordPostingBatch()
            var added: [(id: UInt32, row: RowID, count: UInt32)] = []
            for row in RowID(0)..<300 {
                for _ in 0..<5 {
                    let id = UInt32.random(in: 0...highest, using: &random)
                    let count = UInt32.random(in: 1...9, using: &random)
                    batch.append(id, row: row, count: count)
                    added.append((id, row, count))
                }
            }
            var drained: [(id: UInt32, row: RowID, count: UInt32)] = []
            batch.drain { drained.append(($0, $1, $2)) }
            let expected = added.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
                .map(\.element)
            XCTAssertEqual(drained.map(\.id), expected.map(\.id), "ids, highest \(highest)")
            XCTAssertEqual(drained.map(\.row), expected.map(\.row), "rows, highest \(highest)")
            XCTAssertEqual(drained.map(\.count), expected.map(\.count), "counts, highest \(highest)")
            var after: [UInt32] = []
            batch.drain { id, _, _ in after.append(id) }
            XCTAssertTrue(after.isEmpty, "drained empty")
        }
    }
}
