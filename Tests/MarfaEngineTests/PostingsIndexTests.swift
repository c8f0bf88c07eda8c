import XCTest
@testable import MarfaEngine
import MarfaRules

final class PostingsIndexTests: XCTestCase {
    func testRandomTaggingMatchesAScan() throws {
        var random = SplitMixRandom(seed: 41)
        var index = PostingsIndex<String>()
        var model: [RowID: Set<String>] = [:]
        let tags = (0..<12).map { "tag\($0)" }
        for step in 1...6000 {
            let row = RowID(random.below(9000))
            let old = model[row] ?? []
            let new = Set((0..<random.below(4)).map { _ in tags[random.below(random.below(2) == 0 ? 3 : 12)] })
            index.update(row, from: Array(old), to: Array(new))
            model[row] = new.isEmpty ? nil : new
            if step % 1500 == 0 {
                try index.checkInvariants()
                for tag in tags {
                    XCTAssertEqual(index.rows(for: tag).rows, model.filter { $0.value.contains(tag) }.keys.sorted())
                }
                for _ in 0..<20 {
                    let asked = Set((0..<(1 + random.below(3))).map { _ in tags[random.below(tags.count)] })
                    XCTAssertEqual(index.rows(matchingAll: asked)?.rows,
                                   model.filter { asked.isSubset(of: $0.value) }.keys.sorted())
                    XCTAssertEqual(index.rows(matchingAny: asked).rows,
                                   model.filter { !asked.isDisjoint(with: $0.value) }.keys.sorted())
                }
                XCTAssertEqual(Set(index.keys), Set(model.values.flatMap { $0 }))
            }
        }
        XCTAssertNil(index.rows(matchingAll: [String]()))
    }

    func testSingleValuedKeysMoveAndDisappear() throws {
        var index = PostingsIndex<Int>()
        index.insert(1, key: 0)
        index.insert(2, key: 0)
        index.update(1, from: [0], to: [2])
        index.remove(2, key: 0)
        index.remove(7, key: 5)
        XCTAssertEqual(Array(index.keys), [2])
        XCTAssertEqual(index.rows(for: 2).rows, [1])
        XCTAssertTrue(index.rows(for: 0).isEmpty)
        try index.checkInvariants()
    }
}
