import XCTest

@testable import MarfaRules

final class FilterGrammarRefusalTests: XCTestCase {
    /// Filter text and the code a working copy answers it with: `validation_error` from the grammar, or `invalid` where
    /// the copy cannot answer a backref (decoding passes, the copy's evaluator refuses).
    private static let refusedTexts: [(text: String, code: String, why: String)] = [
        (#"state eq "a" AND type eq "b" OR id eq "c""#, "validation_error", "AND then OR"),
        (#"state eq "a" OR type eq "b" AND id eq "c""#, "validation_error", "OR then AND"),
        (conditions(11), "validation_error", "eleven conditions"),
        (#"id eq ""# + String(repeating: "x", count: 2041) + "\"", "validation_error", "2049 units"),
        ("properties.a.b eq 1", "validation_error", "nested property path"),
        ("properties.1a eq 1", "validation_error", "property name starting with a digit"),
        ("properties. eq 1", "validation_error", "missing property name"),
        ("properties eq 1", "validation_error", "properties without a name"),
        (#"state eq "abc"#, "validation_error", "unterminated string"),
        ("properties.n gt 1" + String(repeating: "0", count: 400), "validation_error", "number no double holds"),
        ("properties.n gt -1" + String(repeating: "0", count: 400), "validation_error", "negative infinity"),
        ("properties.n eq NaN", "validation_error", "NaN is a bare word"),
        ("properties.n eq 1e5", "validation_error", "exponent"),
        ("part gt true", "validation_error", "part takes only eq and neq"),
        (#"part eq "x""#, "validation_error", "part takes a Boolean"),
        ("part eq 1", "validation_error", "part takes a Boolean, not a number"),
        (#"tags gt "x""#, "validation_error", "tags take no bound"),
        (#"tags eq "x""#, "validation_error", "tags take contains, not eq"),
        ("id exists", "validation_error", "system field with exists"),
        ("created_at not_exists", "validation_error", "system field with not_exists"),
        (#"title eq "x""#, "validation_error", "unknown field"),
        (#"device eq "x""#, "validation_error", "unknown field device"),
        (#"state like "a""#, "validation_error", "unknown operator"),
        ("", "validation_error", "empty text"),
        (" \t  ", "validation_error", "blank text"),
        ("state eq active", "validation_error", "bare word where a value goes"),
        ("state eq", "validation_error", "missing value"),
        (#"state eq "a" AND"#, "validation_error", "trailing joiner"),
        (#"state eq "a" AND AND type eq "b""#, "validation_error", "doubled joiner"),
        (#"state eq "a" and type eq "b""#, "validation_error", "lower-case joiner"),
        (#"state eq "a" type eq "b""#, "validation_error", "missing joiner"),
        ("edge[] exists", "validation_error", "empty edge type"),
        ("edge[x]exists", "validation_error", "edge reference glued to its operator"),
        (#"edge[about] gt "x""#, "validation_error", "edge takes no bound"),
        (#"backref[about] contains "x""#, "validation_error", "backref takes no pattern"),
        ("properties.note eq null", "validation_error", "null literal"),
        ("tags contains null", "validation_error", "null tag"),
        ("state eq \"a\"\n", "validation_error", "newline"),
        (#"(state eq "a")"#, "validation_error", "parenthesis"),
        ("-x eq 1", "validation_error", "minus before a letter"),
        ("created_at gt 42", "validation_error", "time compared with a number"),
        (#"created_at gt "yesterday""#, "validation_error", "time that is not one"),
        (#"occurred_at lte "2026-02-30""#, "validation_error", "day outside the month"),
        (#"updated_at eq "9999-12-31T23:59-00:01""#, "validation_error", "UTC year past 9999"),
        (#"status_group eq "done""#, "validation_error", "status word that is no group"),
        (#"status_group eq "inProgress""#, "validation_error", "group spelled in camel case"),
        (#"status_group gt "completed""#, "validation_error", "status_group takes only eq and neq"),
        ("backref[parent-of] exists", "invalid", "backref, which the copy cannot answer"),
        (#"tags exists OR backref[x] neq "a""#, "invalid", "backref in an OR"),
        (#"backref[x] exists AND title eq 1"#, "validation_error", "the grammar's refusal comes before backref's"),
    ]

    private static func conditions(_ count: Int) -> String {
        (0..<count).map { #"properties.p\#($0) eq \#($0)"# }.joined(separator: " AND ")
    }

    private static func code(of text: String) -> String? {
        do {
            _ = try FilterEvaluator(try FilterExpression(decoding: text), answersBackrefs: false)
            return nil
        } catch {
            switch error {
            case .validation(let code, _, let details):
                XCTAssertNil(details)
                return code
            case .invalid: return "invalid"
            default: return "unexpected \(error)"
            }
        }
    }

    func testTheTableOfRefusedTextsGivesTheInstancesCodes_P70_P71_P72_WC57_WC58() {
        XCTAssertGreaterThanOrEqual(Self.refusedTexts.count, 25)
        for (text, code, why) in Self.refusedTexts {
            XCTAssertEqual(Self.code(of: text), code, why)
        }
    }

    func testANDAndORTogetherAreRefused_P71() {
        XCTAssertThrowsError(try FilterExpression(decoding: #"tags exists AND tags exists OR tags exists"#)) { error in
            XCTAssertTrue((error as? MarfaError)?.message.contains("AND and OR cannot be mixed") ?? false)
        }
        let mixedInText = FilterExpression(conditions: [
            FilterCondition(field: .property("title"), operator: .eq, value: .text("this AND that OR other"))
        ])
        XCTAssertNoThrow(try FilterExpression(decoding: try mixedInText.encoded()))
    }

    func testExactlyTenConditionsAndExactly2048UnitsPass_WC57() throws {
        XCTAssertEqual(try FilterExpression(decoding: Self.conditions(10)).conditions.count, 10)
        let longest = #"id eq ""# + String(repeating: "x", count: 2040) + "\""
        XCTAssertEqual(longest.utf16.count, 2048)
        XCTAssertNoThrow(try FilterExpression(decoding: longest))
    }

    func testLengthAndPositionsCountUTF16Units_P70() {
        let birds = { (count: Int) in #"id eq ""# + String(repeating: "🐦", count: count) + "\"" }
        XCTAssertEqual(birds(1020).utf16.count, 2048)
        XCTAssertNoThrow(try FilterExpression(decoding: birds(1020)))
        XCTAssertThrowsError(try FilterExpression(decoding: birds(1021)))
        XCTAssertThrowsError(try FilterExpression(decoding: #"id eq "🐦" OR x eq 1"#)) { error in
            XCTAssertTrue((error as? MarfaError)?.message.contains("\"x\" at position 14") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try FilterExpression(decoding: "id eq \"🐦\" é")) { error in
            XCTAssertTrue((error as? MarfaError)?.message.contains("'é' at position 11") ?? false, "\(error)")
        }
    }

    func testNullIsRefusedPointingToNotExists_P70() {
        for op in ["eq", "neq", "gt", "gte", "lt", "lte", "contains", "starts_with"] {
            XCTAssertThrowsError(try FilterExpression(decoding: "properties.note \(op) null")) { error in
                let message = (error as? MarfaError)?.message ?? ""
                XCTAssertTrue(message.contains("\"\(op) null\" never matches"), message)
                XCTAssertTrue(message.contains("not_exists"), message)
            }
        }
        let quoted = try? FilterExpression(decoding: #"properties.note eq "null""#)
        XCTAssertEqual(quoted?.conditions.first?.value, .text("null"))
    }

    func testTheEncoderRefusesWhatTheInstanceWouldRefuse_F051() {
        let tooLong = FilterCondition(field: .id, operator: .eq, value: .text(String(repeating: "x", count: 2041)))
        let one = FilterCondition(field: .tags, operator: .exists)
        let refused: [(FilterExpression, String)] = [
            (FilterExpression(conditions: []), "no conditions"),
            (FilterExpression(conditions: Array(repeating: one, count: 11)), "eleven conditions"),
            (FilterExpression(conditions: [tooLong]), "2049 units"),
            (expression(.property("a.b"), .eq, .number(1)), "nested property path"),
            (expression(.property("1a"), .eq, .number(1)), "bad property name"),
            (expression(.property("a-b"), .eq, .number(1)), "hyphen in a property name"),
            (expression(.property(""), .eq, .number(1)), "empty property name"),
            (expression(.edge(""), .exists), "empty edge type"),
            (expression(.edge("a]b"), .exists), "bracket in an edge type"),
            (expression(.backref("a b"), .exists), "space in an edge type"),
            (expression(.property("n"), .gt, .number(.nan)), "NaN"),
            (expression(.property("n"), .gt, .number(-.infinity)), "infinity"),
            (expression(.part, .gt, .bool(true)), "part gt"),
            (expression(.part, .eq, .text("x")), "part eq text"),
            (expression(.tags, .gt, .text("x")), "tags gt"),
            (expression(.id, .exists), "exists on a system field"),
            (expression(.property("n"), .eq, .null), "eq null"),
            (expression(.tags, .exists, .text("x")), "exists with a value"),
            (expression(.property("p"), .eq, .text(#"ends in \"#)), "text ending in a backslash"),
            (expression(.createdAt, .gt, .text("soon")), "time that is not one"),
            (expression(.createdAt, .lt, .bool(true)), "time compared with a Boolean"),
            (expression(.statusGroup, .eq, .text("done")), "no such group"),
        ]
        for (expression, why) in refused {
            XCTAssertThrowsError(try expression.encoded(), why) { error in
                guard case MarfaError.validation(let code, let message, nil) = error else { return XCTFail(why) }
                XCTAssertEqual(code, "validation_error", why)
                XCTAssertFalse(message.isEmpty, why)
            }
        }
        XCTAssertEqual(try expression(.backref("about"), .exists).encoded(), "backref[about] exists")
    }

    func testAnExpressionBuiltInSwiftIsRefusedBeforeItIsEvaluated_WC55() {
        let unsupported = expression(.tags, .startsWith, .text("x"))
        XCTAssertThrowsError(try FilterEvaluator(unsupported, answersBackrefs: true)) { error in
            XCTAssertEqual((error as? MarfaError)?.serverCode, "validation_error")
        }
        XCTAssertThrowsError(try FilterEvaluator(expression(.backref("about"), .exists), answersBackrefs: false)) {
            XCTAssertEqual(($0 as? MarfaError)?.code(), "invalid")
        }
        XCTAssertNoThrow(try FilterEvaluator(expression(.backref("about"), .exists), answersBackrefs: true))
        XCTAssertNoThrow(try FilterEvaluator(expression(.edge("about"), .exists), answersBackrefs: false))
    }

    func testTimestampsAreReadAsTheInstanceReadsThem_P73() throws {
        let accepted = [
            ("0000", "0000-01-01T00:00:00.000Z"),
            ("2026-03", "2026-03-01T00:00:00.000Z"),
            ("2024-02-29", "2024-02-29T00:00:00.000Z"),
            ("2026-05-04T10:20", "2026-05-04T10:20:00.000Z"),
            ("2026-05-04T10:20:30.4", "2026-05-04T10:20:30.400Z"),
            ("2026-05-04T10:20:30.98765Z", "2026-05-04T10:20:30.987Z"),
            ("2026-05-04T10:20+0230", "2026-05-04T07:50:00.000Z"),
            ("2026-12-31T23:30-01:00", "2027-01-01T00:30:00.000Z"),
            ("2026-05-04T24:00:00.000Z", "2026-05-05T00:00:00.000Z"),
            ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
        ]
        for (text, canonical) in accepted {
            XCTAssertEqual(try FilterTimestamp.normalized(text, field: "created_at"), canonical, text)
        }
        let refused = [
            "", "2026-5", "2026-00", "2026-13-01", "2026-01-32", "2023-02-29", "2100-02-29", "2026-01-01T25:00",
            "2026-01-01T10:60Z", "2026-01-01T10:00:60Z", "2026-01-01T24:00:01Z", "2026-01-01T24:00:00.5Z",
            "2026-01-01T10:00+24:00", "2026-01-01T10:00+0160", "2026-01-01T10:00Zx", "2026-01-01T10:00.5Z",
            "2026-01-01T10:00:00.Z", "2026-01-01t10:00z", "2026-01-01T10:00+01", "2026T10:00", "２０２６",
            "0000-01-01T00:30+01:00", "9999-12-31T24:00Z", " 2026-01-01",
        ]
        for text in refused {
            XCTAssertThrowsError(try FilterTimestamp.normalized(text, field: "created_at"), text)
        }
    }

    private func expression(
        _ field: FilterField, _ op: FilterOperator, _ value: FilterValue = .null
    ) -> FilterExpression {
        FilterExpression(conditions: [FilterCondition(field: field, operator: op, value: value)])
    }
}
