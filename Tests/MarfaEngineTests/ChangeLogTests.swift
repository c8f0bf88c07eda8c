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

    private func bulk(_ number: UInt64, ids: Int) -> CommitNotice {
        var notice = CommitNotice(origin: .housekeeping, changes: [])
        notice.items = ["item \(number)"]
        notice.edges = (1..<ids).map { "edge \(number).\($0)" }
        return notice
    }

    func testBulkCommitsArePushedOutOnceTheyNameTooManyRows() {
        var log = ChangeLog(after: 0)
        let perCommit = ChangeLog.idCapacity * 3 / 10
        for number: UInt64 in 1...5 { log.record(number, bulk(number, ids: perCommit)) }
        XCTAssertEqual(log.knownAfter, 2, "three commits of 30 % each fit, the two oldest went")
        XCTAssertEqual(log.notices(after: 2)?.map(\.items), [["item 3"], ["item 4"], ["item 5"]])
        XCTAssertNil(log.notices(after: 1), "a cursor before the start asks for everything")

        log.record(6, bulk(6, ids: ChangeLog.idCapacity * 2))
        XCTAssertEqual(log.knownAfter, 5, "a commit naming more than the bound is kept alone")
        XCTAssertEqual(log.notices(after: 5)?.map(\.items), [["item 6"]])
        for number: UInt64 in 7...9 { log.record(number, notice(number)) }
        XCTAssertEqual(log.knownAfter, 6, "small commits push the large one out")
        XCTAssertEqual(log.notices(after: 6)?.map(\.items), [["item 7"], ["item 8"], ["item 9"]])
    }

    func testTheRingWrapsAfterBulkCommitsLeftItPartlyFilled() {
        var log = ChangeLog(after: 0)
        log.record(1, bulk(1, ids: ChangeLog.idCapacity))
        log.record(2, bulk(2, ids: ChangeLog.idCapacity))
        let last = 2 + UInt64(ChangeLog.capacity) + 10
        for number in 3...last { log.record(number, notice(number)) }
        XCTAssertEqual(log.knownAfter, last - UInt64(ChangeLog.capacity))
        XCTAssertEqual(log.notices(after: last - 3)?.map(\.items), [["item \(last - 2)"], ["item \(last - 1)"], ["item \(last)"]])
        XCTAssertEqual(log.notices(after: log.knownAfter)?.count, ChangeLog.capacity)
    }
}
