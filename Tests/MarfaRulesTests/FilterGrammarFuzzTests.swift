import XCTest

@testable import MarfaRules

final class FilterGrammarFuzzTests: XCTestCase {
    /// Bytes the grammar cares about, weighted in among any byte at all.
    private static let grammarBytes = Array(#"  "\"AND OR eq gt contains not_exists properties.x edge[a] 1.5-9"#.utf8)
    /// Whole words of the grammar by role, laid out as conditions so more inputs read.
    private static let fields = [
        "properties.a", "properties.b.c", "tags", "edge[x]", "backref[y]", "state", "created_at", "part",
        "status_group", "title",
    ]
    private static let operators = ["eq", "neq", "gt", "contains", "starts_with", "exists", "not_exists", "like"]
    private static let values = [
        #""t""#, #""completed""#, #""2026-01-01""#, "5", "-1.5", "true", "false", "null", "word", "(",
    ]
    private static let joiners = ["AND", "AND", "OR", "and"]

    func testRandomBytesAreReadOrRefusedNeverCrashed_P70_WC57() {
        var random = SplitMixRandom(seed: 0xF022)
        var read = 0
        for _ in 0..<10_000 {
            let count = Int.random(in: 0...48, using: &random)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &random)
                    ? Self.grammarBytes[Int.random(in: 0..<Self.grammarBytes.count, using: &random)]
                    : UInt8.random(in: 0...255, using: &random)
            }
            let join = Self.joiners[Int.random(in: 0..<Self.joiners.count, using: &random)]
            let words = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                [Self.fields, Self.operators, Self.values].map { $0[Int.random(in: 0..<$0.count, using: &random)] }
                    .joined(separator: " ")
            }
            if checkRead(String(decoding: bytes, as: UTF8.self)) { read += 1 }
            if checkRead(words.joined(separator: " \(join) ")) { read += 1 }
        }
        XCTAssertGreaterThan(read, 100)
    }

    func testMutatedValidTextIsReadOrRefusedNeverCrashed_P70() throws {
        var random = SplitMixRandom(seed: 0xBEEF)
        for _ in 0..<2_000 {
            var scalars = Array(try random.expression().encoded().unicodeScalars)
            for _ in 0..<Int.random(in: 1...3, using: &random) where !scalars.isEmpty {
                let at = Int.random(in: 0..<scalars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(scalars[Int.random(in: 0..<scalars.count, using: &random)], at: at)
                default: scalars[at] = Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))
                }
            }
            checkRead(String(String.UnicodeScalarView(scalars)))
        }
    }

    /// Reads `text`: a refusal must be `validation_error`; text that reads must write back and read the same, and be
    /// answered for an item or refused `invalid` (a backref) by the copy's evaluator.
    @discardableResult
    private func checkRead(_ text: String) -> Bool {
        let expression: FilterExpression
        do {
            expression = try FilterExpression(decoding: text)
        } catch {
            guard case .validation(let code, let message, nil) = error else {
                XCTFail("\(text): \(error)")
                return false
            }
            XCTAssertEqual(code, "validation_error", text)
            XCTAssertFalse(message.isEmpty, text)
            return false
        }
        XCTAssertEqual(try FilterExpression(decoding: try expression.encoded()), expression, text)
        do {
            _ = try FilterEvaluator(expression, answersBackrefs: false).matches(Self.item, in: Self.Nothing())
        } catch {
            XCTAssertEqual(error.code(), "invalid", text)
        }
        return true
    }

    private static let item = Item(
        id: "a", type: "core.note", properties: ["a": 1, "t": "text"], occurredAt: "2026-01-01T00:00:00.000Z",
        createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z", tags: ["t"])

    /// A context holding no edges, parts or groups.
    private struct Nothing: FilterContext {
        func edgeTargets(from itemID: String, edgeType: String) -> [String] { [] }
        func edgeSources(to itemID: String, edgeType: String) -> [String] { [] }
        func isPart(_ item: Item) -> Bool { false }
        func statusGroup(of item: Item) -> StatusGroup? { nil }
    }
}
