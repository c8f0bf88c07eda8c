import XCTest

@testable import MarfaEngine

/// The change log behind `changes(since:)`: a ring of the last `capacity` commits.
final class ChangeLogTests: XCTestCase {
    private func notice(_ number: UInt64) -> CommitNotice {
        var notice = CommitNotice(origin: .housekeeping, changes: [])
        notice.items = ["item \(number)"]
        return notice
    }

    func testAFullLogForgetsOneCommitPerCommitAndAnswersTheRestInOrder() {
        var log = ChangeLog(after: 100)
        let total = UInt64(ChangeLog.capacity) + 2_500
        for number in 101...(100 + total) { log.record(number, notice(number)) }

        let oldestKept = 100 + total - UInt64(ChangeLog.capacity) + 1
        XCTAssertEqual(log.knownAfter, oldestKept - 1, "exactly the last capacity commits are known")
        XCTAssertNil(log.notices(after: oldestKept - 2), "a cursor before the log's start asks for everything")
        XCTAssertEqual(log.notices(after: oldestKept - 1)?.count, ChangeLog.capacity, "witness: the start is known")
        let tail = log.notices(after: 100 + total - 3)
        XCTAssertEqual(tail?.map(\.items), (total - 2...total).map { [ "item \(100 + $0)" ] })
        XCTAssertEqual(log.notices(after: 100 + total)?.count, 0, "nothing after the last commit")
    }

    func testALogShortOfCapacityKnowsEverythingSinceItsStart() {
        var log = ChangeLog(after: 0)
        for number: UInt64 in 1...5 { log.record(number, notice(number)) }
        XCTAssertEqual(log.knownAfter, 0)
        XCTAssertEqual(log.notices(after: 0)?.map(\.items), (1...5).map { ["item \($0)"] })
        XCTAssertEqual(log.notices(after: 3)?.map(\.items), [["item 4"], ["item 5"]])
    }
}
