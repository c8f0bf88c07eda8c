import MarfaRules
import XCTest

@testable import MarfaEngine

/// Filters parsed once and kept by their text answer as a fresh parse does, and refusals are never kept.
final class ParsedFiltersTests: XCTestCase {
    private func filter(_ field: FilterField, _ operation: FilterOperator, _ value: FilterValue) throws -> String {
        try FilterExpression(conditions: [FilterCondition(field: field, operator: operation, value: value)]).encoded()
    }

    func testAKeptFilterIsTheOneAFreshParseGives() throws {
        let text = try filter(.property("status"), .eq, .text("todo"))
        let first = try ParsedFilters.evaluator(for: text)
        let kept = ParsedFilters.keptCount
        let again = try ParsedFilters.evaluator(for: text)
        XCTAssertEqual(ParsedFilters.keptCount, kept, "the second ask is answered from what was kept, adding nothing")
        XCTAssertEqual(
            try ParsedFilters.evaluator(for: try filter(.property("status"), .eq, .text("done"))).expression,
            try FilterExpression(decoding: try filter(.property("status"), .eq, .text("done"))))
        XCTAssertTrue(
            [kept + 1, 1].contains(ParsedFilters.keptCount), "witness: a new text is kept (the cache may have started over)")
        let fresh = try FilterExpression(decoding: text)
        XCTAssertEqual(first.expression, fresh)
        XCTAssertEqual(again.expression, fresh)
    }

    func testARefusedFilterIsRefusedEveryTime_WC58() throws {
        let backref = try filter(.backref("about"), .eq, .text("0190a5b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b"))
        for _ in 0..<2 {
            XCTAssertThrowsError(try ParsedFilters.evaluator(for: backref)) { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "invalid")
            }
        }
        XCTAssertThrowsError(try ParsedFilters.evaluator(for: "{not json"))
        XCTAssertThrowsError(try ParsedFilters.evaluator(for: "{not json"), "a refusal is not kept as an answer")
    }

    func testFiltersBeyondTheCapacityStillAnswer() throws {
        for number in 0..<600 {
            let text = try filter(.property("rank"), .eq, .number(Double(number)))
            let evaluator = try ParsedFilters.evaluator(for: text)
            XCTAssertEqual(evaluator.expression.conditions.first?.value, .number(Double(number)), text)
        }
    }
}
