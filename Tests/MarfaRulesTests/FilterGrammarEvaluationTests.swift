import XCTest

@testable import MarfaRules

final class FilterGrammarEvaluationTests: XCTestCase {
    /// Edges, parts and status groups as a test lays them out.
    private struct Held: FilterContext {
        var edges: [(source: String, target: String, type: String)] = []
        var parts: Set<String> = []
        var groups: [String: StatusGroup] = [:]

        func edgeTargets(from itemID: String, edgeType: String) -> [String] {
            edges.filter { $0.source == itemID && $0.type == edgeType }.map(\.target)
        }

        func edgeSources(to itemID: String, edgeType: String) -> [String] {
            edges.filter { $0.target == itemID && $0.type == edgeType }.map(\.source)
        }

        func isPart(_ item: Item) -> Bool { parts.contains(item.id) }

        func statusGroup(of item: Item) -> StatusGroup? { groups[item.id] }
    }

    private func item(
        _ id: String, _ properties: JSONObject = [:], type: String = "core.note", state: ItemState = .active,
        tier: Tier? = .library, version: Int64 = 1, source: String = "device", sourceId: String? = nil,
        occurredAt: String = "2026-01-01T00:00:00.000Z", createdAt: String = "2026-01-01T00:00:00.000Z",
        tags: [String] = []
    ) -> Item {
        Item(
            id: id, type: type, properties: properties, state: state, tier: tier, version: version, source: source,
            sourceId: sourceId, occurredAt: occurredAt, createdAt: createdAt, updatedAt: createdAt, tags: tags)
    }

    /// The ids of `items` that `text` selects, in order.
    private func ids(
        _ text: String, _ items: [Item], _ context: Held = Held(), backrefs: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        do {
            let evaluator = try FilterEvaluator(try FilterExpression(decoding: text), answersBackrefs: backrefs)
            return items.filter { evaluator.matches($0, in: context) }.map(\.id)
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
            return []
        }
    }

    func testContainsAndStartsWithFoldASCIICaseOnly_WC60() {
        let items = [
            item("straße", ["title": "Straße"]), item("strasse", ["title": "STRASSE"]),
            item("upper", ["title": "Émile"]), item("lower", ["title": "émile"]),
            item("bleak", ["title": "Bleak House"]),
        ]
        XCTAssertEqual(ids(#"properties.title contains "strasse""#, items), ["strasse"])
        XCTAssertEqual(ids(#"properties.title contains "émile""#, items), ["lower"])
        XCTAssertEqual(ids(#"properties.title starts_with "BLE""#, items), ["bleak"])
        XCTAssertEqual(ids(#"properties.title starts_with "house""#, items), [])
        XCTAssertEqual(ids(#"properties.title contains "HOUSE""#, items), ["bleak"])
    }

    func testPatternCharactersMatchOnlyThemselves_P73() {
        let items = [
            item("underscore", ["note": "A_b"]), item("x", ["note": "Axb"]), item("percent", ["note": "50%"]),
            item("digits", ["note": "5000"]), item("slash", ["note": #"back\slash"#]),
        ]
        XCTAssertEqual(ids(#"properties.note contains "_""#, items), ["underscore"])
        XCTAssertEqual(ids(#"properties.note contains "0%""#, items), ["percent"])
        XCTAssertEqual(ids(#"properties.note contains "k\s""#, items), ["slash"])
        XCTAssertEqual(ids(#"properties.note starts_with "a""#, items), ["underscore", "x"])
        XCTAssertEqual(ids(#"properties.note contains """#, items), items.map(\.id))
    }

    func testANumericBoundCastsThePropertyToANumber_WC60() {
        let items = [
            item("five", ["rating": 5]), item("two", ["rating": 2]), item("ten", ["rating": "10"]),
            item("abc", ["rating": "abc"]), item("nine", ["rating": "9 lives"]), item("null", ["rating": nil]),
            item("missing"), item("true", ["rating": true]), item("list", ["rating": [7]]),
        ]
        XCTAssertEqual(ids("properties.rating gt 4", items), ["five", "ten", "nine"])
        XCTAssertEqual(ids("properties.rating lt 4", items), ["two", "abc", "true", "list"])
        XCTAssertEqual(ids("properties.rating gte 10", items), ["ten"])
        XCTAssertEqual(ids("properties.rating lte -1", items), [])
    }

    func testEqNullIsRefusedAndANullValueMatchesNothing_P70_WC60() {
        XCTAssertThrowsError(try FilterExpression(decoding: "properties.rating eq null"))
        let items = [item("null", ["rating": nil]), item("missing"), item("zero", ["rating": 0])]
        XCTAssertEqual(ids(#"properties.rating neq "x""#, items), ["zero"])
        XCTAssertEqual(ids("properties.rating neq 1", items), ["zero"])
        XCTAssertEqual(ids("properties.rating not_exists", items), ["null", "missing"])
        XCTAssertEqual(ids("properties.rating exists", items), ["zero"])
    }

    func testNumbersBindAsRealAgainstATextColumn_WC60() {
        let items = [
            item("real", sourceId: "5.0"), item("whole", sourceId: "5"), item("one", sourceId: "1.0"),
            item("bare", sourceId: "1"), item("none"), item("big", sourceId: "1.0e+20"),
        ]
        XCTAssertEqual(ids("source_id eq 5", items), ["real"])
        XCTAssertEqual(ids("source_id eq true", items), ["one"])
        XCTAssertEqual(ids("source_id eq 100000000000000000000", items), ["big"])
        XCTAssertEqual(ids(#"source_id eq "5""#, items), ["whole"])
        XCTAssertEqual(ids("source_id neq 5", items), ["whole", "one", "bare", "big"])
        XCTAssertEqual(ids("source_id contains 5", items), ["real", "whole"])
    }

    func testPropertiesCompareWithoutTypeConversion_WC60() {
        let items = [
            item("int", ["n": 5]), item("text", ["n": "5"]), item("one", ["n": 1]), item("true", ["n": true]),
            item("real", ["n": .number(5.0)]), item("half", ["n": 5.5]), item("false", ["n": false]),
            item("big", ["n": .integer(9_007_199_254_740_993)]),
        ]
        XCTAssertEqual(ids("properties.n eq 5", items), ["int", "real"])
        XCTAssertEqual(ids("properties.n eq true", items), ["one", "true"])
        XCTAssertEqual(ids("properties.n eq 0", items), ["false"])
        XCTAssertEqual(ids(#"properties.n eq "5""#, items), ["text"])
        XCTAssertEqual(ids("properties.n eq 5.5", items), ["half"])
        XCTAssertEqual(ids("properties.n eq 9007199254740992", items), ["big"])
        XCTAssertEqual(ids("properties.n neq 5", items), ["text", "one", "true", "half", "false", "big"])
        XCTAssertEqual(ids(#"properties.n lt "a""#, items), items.map(\.id))
        XCTAssertEqual(ids(#"properties.n gt "4""#, items), ["text"])
        XCTAssertEqual(ids("properties.n contains 5", items), ["int", "text", "real", "half", "big"])
        XCTAssertEqual(ids(#"properties.n contains "1""#, items), ["one", "true", "big"])
    }

    func testNumbersInsideArraysCompareAsTheirStoredText_WC60() {
        let items = [
            item("huge", ["list": [.number(1e20)]]), item("tiny", ["list": [.number(1.5e-7), "a\"b"]]),
            item("object", ["list": ["b": 1, "a": [true, nil]]]),
        ]
        XCTAssertEqual(ids(#"properties.list contains "100000000000000000000""#, items), ["huge"])
        XCTAssertEqual(ids(#"properties.list contains "1e+20""#, items), [])
        XCTAssertEqual(ids(#"properties.list eq "[1.5e-7,\"a\\"b\"]""#, items), ["tiny"])
        XCTAssertEqual(ids(#"properties.list eq "{\"a\":[true,null],\"b\":1}""#, items), ["object"])
    }

    func testTextComparesByItsBytes_P73() {
        let items = [
            item("apple", ["t": "apple"]), item("Banana", ["t": "Banana"]), item("cherry", ["t": "cherry"]),
            item("accent", ["t": "é"]), item("composed", ["t": "e\u{301}"]),
        ]
        XCTAssertEqual(ids(#"properties.t gt "b""#, items), ["cherry", "accent", "composed"])
        XCTAssertEqual(ids(#"properties.t lt "a""#, items), ["Banana"])
        XCTAssertEqual(ids(#"properties.t eq "é""#, items), ["accent"])
        XCTAssertEqual(ids(#"properties.t gte "apple""#, items), ["apple", "cherry", "accent", "composed"])
        XCTAssertEqual(ids(#"properties.t lte "apple""#, items), ["apple", "Banana"])
    }

    func testSystemFieldsCompareAsTheirColumns_P72() {
        let items = [
            item("a", type: "core.note", state: .active, version: 1, source: "device"),
            item("b", type: "core.task", state: .archived, tier: .feed, version: 10, source: "importer"),
            item("c", type: "system.folder", state: .active, tier: nil, version: 21),
        ]
        XCTAssertEqual(ids(#"state eq "archived""#, items), ["b"])
        XCTAssertEqual(ids(#"state neq "archived""#, items), ["a", "c"])
        XCTAssertEqual(ids(#"type starts_with "CORE.""#, items), ["a", "b"])
        XCTAssertEqual(ids(#"source neq "device""#, items), ["b"])
        XCTAssertEqual(ids(#"tier eq "feed""#, items), ["b"])
        XCTAssertEqual(ids(#"tier neq "feed""#, items), ["a"])
        XCTAssertEqual(ids("version gt 2", items), ["b", "c"])
        XCTAssertEqual(ids(#"version eq "10""#, items), ["b"])
        XCTAssertEqual(ids(#"version gte " 21 ""#, items), ["c"])
        XCTAssertEqual(ids(#"version lt "abc""#, items), ["a", "b", "c"])
        XCTAssertEqual(ids(#"version contains "1""#, items), ["a", "b", "c"])
        XCTAssertEqual(ids(#"version lte 1.5"#, items), ["a"])
        XCTAssertEqual(ids(#"id eq "b""#, items), ["b"])
        XCTAssertEqual(ids(#"id gt "a""#, items), ["b", "c"])
    }

    func testTimeBoundsCompareNormalisedTimestamps_P73() {
        let items = [
            item("new-year", occurredAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z"),
            item("spring", occurredAt: "2026-03-20T12:00:00.000Z", createdAt: "2026-03-20T12:00:00Z"),
            item("offset", occurredAt: "2026-03-20T13:00:00+01:00", createdAt: "2025-12-31T23:00:00.000Z"),
        ]
        XCTAssertEqual(ids(#"occurred_at gt "2026-01-01""#, items), ["spring", "offset"])
        XCTAssertEqual(ids(#"occurred_at eq "2026-03-20T12:00""#, items), ["spring", "offset"])
        XCTAssertEqual(ids(#"created_at lte "2026-01-01T01:00:00+01:00""#, items), ["new-year", "offset"])
        XCTAssertEqual(ids(#"created_at gte "2026-03-20T12:00:00.000Z""#, items), ["spring"])
        XCTAssertEqual(ids(#"updated_at contains "2026-03""#, items), ["spring"])
        XCTAssertEqual(ids(#"created_at starts_with "2025""#, items), ["offset"])
    }

    func testTagsContainOneExactTag_P72_P73() {
        let items = [
            item("fav", tags: ["favorite", "5"]), item("Fav", tags: ["Favorite"]), item("none"),
            item("five", tags: ["5.0"]),
        ]
        XCTAssertEqual(ids(#"tags contains "favorite""#, items), ["fav"])
        XCTAssertEqual(ids(#"tags contains "fav""#, items), [])
        XCTAssertEqual(ids("tags contains 5", items), [])
        XCTAssertEqual(ids("tags contains true", items), [])
        XCTAssertEqual(ids(#"tags contains "5""#, items), ["fav"])
        XCTAssertEqual(ids("tags exists", items), ["fav", "Fav", "five"])
        XCTAssertEqual(ids("tags not_exists", items), ["none"])
    }

    func testEdgesMatchTheItemAtTheOtherEnd_WC56() {
        let items = [item("a"), item("b"), item("c"), item("d")]
        let held = Held(edges: [
            ("a", "b", "references"), ("a", "c", "about"), ("b", "c", "references"), ("d", "5.0", "about"),
        ])
        XCTAssertEqual(ids(#"edge[references] eq "c""#, items, held), ["b"])
        XCTAssertEqual(ids(#"edge[references] neq "c""#, items, held), ["a", "c", "d"])
        XCTAssertEqual(ids("edge[references] exists", items, held), ["a", "b"])
        XCTAssertEqual(ids("edge[references] not_exists", items, held), ["c", "d"])
        XCTAssertEqual(ids("edge[about] eq 5", items, held), ["d"])
        XCTAssertEqual(ids(#"edge[about] eq "C""#, items, held), [])
    }

    func testAnEdgeTypeWithNoEdgesHeldMatchesAsTheServersRowsWould_WC59() {
        let items = [item("a"), item("b")]
        XCTAssertEqual(ids("edge[secret] exists", items), [])
        XCTAssertEqual(ids(#"edge[secret] eq "b""#, items), [])
        XCTAssertEqual(ids("edge[secret] not_exists", items), ["a", "b"])
        XCTAssertEqual(ids(#"edge[secret] neq "b""#, items), ["a", "b"])
    }

    func testBackrefsAreAnsweredOnlyWhereEveryEdgeIsHeld_WC58() {
        let items = [item("a"), item("b"), item("c")]
        let held = Held(edges: [("a", "b", "parent-of"), ("c", "b", "parent-of"), ("a", "c", "about")])
        XCTAssertEqual(ids(#"backref[parent-of] eq "c""#, items, held, backrefs: true), ["b"])
        XCTAssertEqual(ids("backref[parent-of] exists", items, held, backrefs: true), ["b"])
        XCTAssertEqual(ids("backref[about] not_exists", items, held, backrefs: true), ["a", "b"])
        XCTAssertThrowsError(
            try FilterEvaluator(try FilterExpression(decoding: "backref[parent-of] exists"), answersBackrefs: false)
        ) { error in
            guard case MarfaError.invalid = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(ids(#"edge[parent-of] eq "b""#, items, held), ["a", "c"])
    }

    func testPartSelectsItemsHeldByAHost_F056() {
        let items = [item("note"), item("comment"), item("attachment")]
        let held = Held(parts: ["comment", "attachment"])
        XCTAssertEqual(ids("part eq false", items, held), ["note"])
        XCTAssertEqual(ids("part neq true", items, held), ["note"])
        XCTAssertEqual(ids("part eq true", items, held), ["comment", "attachment"])
        XCTAssertEqual(ids("part neq false", items, held), ["comment", "attachment"])
    }

    func testStatusGroupMatchesOnlyItemsInAGroup_F053() {
        let items = [item("todo"), item("doing"), item("done"), item("note")]
        let held = Held(groups: ["todo": .notStarted, "doing": .inProgress, "done": .completed])
        XCTAssertEqual(ids(#"status_group eq "completed""#, items, held), ["done"])
        XCTAssertEqual(ids(#"status_group eq "in_progress""#, items, held), ["doing"])
        XCTAssertEqual(ids(#"status_group neq "completed""#, items, held), ["todo", "doing"])
        XCTAssertEqual(ids(#"status_group eq "canceled""#, items, held), [])
    }

    func testConditionsJoinByAllOrByAny_F049_P71() {
        let items = [
            item("both", ["a": 1], tags: ["t"]), item("tag", tags: ["t"]), item("prop", ["a": 1]), item("neither"),
        ]
        XCTAssertEqual(ids("properties.a eq 1 AND tags exists", items), ["both"])
        XCTAssertEqual(ids("properties.a eq 1 OR tags exists", items), ["both", "tag", "prop"])
    }

    func testPatternTextIsExposedForACandidateIndex_P73() throws {
        let expression = try FilterExpression(
            decoding: #"properties.title contains "Bleak" AND properties.n starts_with 1.50 AND tags exists"#)
        XCTAssertEqual(expression.conditions.map(\.patternText), ["Bleak", "1.5", nil])
        XCTAssertEqual(FilterCondition(field: .type, operator: .contains, value: .bool(true)).patternText, "true")
        XCTAssertEqual(FilterCondition(field: .id, operator: .contains, value: .number(1e21)).patternText, "1e+21")
        XCTAssertEqual(FilterEvaluator.matchText(of: "Bleak"), "Bleak")
        XCTAssertEqual(FilterEvaluator.matchText(of: 5), "5")
        XCTAssertEqual(FilterEvaluator.matchText(of: 2.5), "2.5")
        XCTAssertEqual(FilterEvaluator.matchText(of: true), "1")
        XCTAssertEqual(FilterEvaluator.matchText(of: ["x", 1]), #"["x",1]"#)
        XCTAssertNil(FilterEvaluator.matchText(of: nil))
    }

    func testNumbersAreWrittenAsJavaScriptAndSQLiteWriteThem_WC60() {
        let javaScript: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (5, "5"), (-2.5, "-2.5"), (1e20, "100000000000000000000"), (1e21, "1e+21"),
            (1.5e-7, "1.5e-7"), (0.000001, "0.000001"), (123.456, "123.456"), (2.5e25, "2.5e+25"),
        ]
        for (number, text) in javaScript {
            XCTAssertEqual(FilterValueText.javaScript(number), text)
        }
        let sqlite: [(Double, String)] = [
            (5, "5.0"), (1, "1.0"), (0.1, "0.1"), (1.5, "1.5"), (1e20, "1.0e+20"), (1e15, "1.0e+15"),
            (123_456_789_012_345_680, "1.23456789012346e+17"), (1.5e-7, "1.5e-07"), (-2, "-2.0"),
        ]
        for (number, text) in sqlite {
            XCTAssertEqual(FilterValueText.sqlite(number), text)
        }
    }
}
