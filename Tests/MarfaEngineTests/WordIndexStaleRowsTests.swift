import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// The old items kept for rows waiting for the word index stay bounded: past the limit, a write brings the index
/// current (Decision 0044).
final class WordIndexStaleRowsTests: XCTestCase {
    private func note(_ number: Int, _ title: String) -> Item {
        let time = "2026-01-02T03:04:05.006Z"
        return Item(
            id: String(format: "0190a1b2-0000-7000-8000-%012x", number), type: "core.note",
            properties: ["title": .string(title)], occurredAt: time, createdAt: time, updatedAt: time)
    }

    func testWritesPastTheStaleLimitBringTheWordIndexCurrent_P76() throws {
        var state = CopyState()
        var indexes = ReadIndexes()
        for number in 0..<10 { CopyActor.apply(.putItem(note(number, "alpha")), to: &state, indexes: &indexes) }
        indexes.staleRowLimit = 4
        indexes.buildWords(state: state)
        for number in 0..<7 {
            CopyActor.apply(.putItem(note(number, "beta \(number)")), to: &state, indexes: &indexes)
            XCTAssertLessThanOrEqual(indexes.staleWordRowCount, 4, "after edit \(number)")
        }
        XCTAssertGreaterThan(indexes.staleWordRowCount, 0, "witness: rows below the limit wait for a search")
        indexes.buildWords(state: state)
        let words = try XCTUnwrap(indexes.words)
        XCTAssertEqual(words.postings(of: Array("alpha".utf8)).count, 3)
        XCTAssertEqual(words.postings(of: Array("beta".utf8)).count, 7)
        try words.checkInvariants()
    }

    /// The title word index a `contains` reads (Decision 0042) keeps its waiting rows bounded the same way.
    func testWritesPastTheStaleLimitBringThePropertyWordIndexCurrent() throws {
        var state = CopyState()
        var indexes = ReadIndexes()
        for number in 0..<10 { CopyActor.apply(.putItem(note(number, "alpha")), to: &state, indexes: &indexes) }
        indexes.staleRowLimit = 4
        indexes.buildPropertyWords("title", state: state)
        for number in 0..<7 {
            CopyActor.apply(.putItem(note(number, "beta \(number)")), to: &state, indexes: &indexes)
            XCTAssertLessThanOrEqual(indexes.stalePropertyRowCount, 4, "after edit \(number)")
        }
        XCTAssertGreaterThan(indexes.stalePropertyRowCount, 0, "witness: rows below the limit wait for a contains")
        indexes.buildPropertyWords("title", state: state)
        let titles = try XCTUnwrap(indexes.propertyWords["title"])
        XCTAssertEqual(titles.postings(of: Array("alpha".utf8)).count, 3)
        XCTAssertEqual(titles.postings(of: Array("beta".utf8)).count, 7)
        try titles.checkInvariants()
    }
}
