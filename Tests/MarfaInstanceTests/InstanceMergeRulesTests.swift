import MarfaInstance
import MarfaRules
import XCTest

/// The pure merge rules in `MarfaRules/Merge` (P-64, P-66, V-5, V-7, V-9, V-10), without sockets.
final class InstanceMergeRulesTests: XCTestCase {
    private let ancestor = VersionedFields(
        type: "core.note", properties: ["title": "A", "body": "one", "notes": "n"], tier: .library,
        occurredAt: "2024-01-01T00:00:00.000Z", sourceId: nil)
    private let notePolicy = MergePolicy.resolved(for: "core.note", in: BuiltInCatalog.snapshot)

    private func merge(
        _ carried: [MergeField: CarriedValue], current: (inout VersionedFields) -> Void, auto: Bool
    ) -> MergeOutcome {
        var now = ancestor
        current(&now)
        return FieldMerge.merge(carried, ancestor: ancestor, current: now, policy: notePolicy, auto: auto)
    }

    func testTheNotePolicyKeepsBothBodiesAndNotesAndLetsTheLastWriterWinElsewhere_V8() {
        XCTAssertEqual(notePolicy.strategy(for: .property("body")), .keepBothCopies)
        XCTAssertEqual(notePolicy.strategy(for: .property("notes")), .keepBothCopies)
        XCTAssertEqual(notePolicy.strategy(for: .property("title")), .lastWriterWins)
        XCTAssertEqual(notePolicy.strategy(for: .tier), .lastWriterWins)
        let person = MergePolicy.resolved(for: "core.entity.person", in: BuiltInCatalog.snapshot)
        XCTAssertTrue(person.fields.isEmpty)
        let article = MergePolicy.resolved(for: "core.media.article", in: BuiltInCatalog.snapshot)
        XCTAssertEqual(
            article.fields, ["body": .keepBothCopies, "notes": .keepBothCopies], "inherited from core.media")
    }

    func testDisjointChangesMergeWithoutAResolution_V7() {
        let outcome = merge([.property("title"): .set("B")], current: { $0.properties["body"] = "two" }, auto: false)
        guard case .applied(let fields, let resolution) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertNil(resolution)
        XCTAssertEqual(fields.properties, ["title": "B", "body": "two", "notes": "n"])
    }

    func testAnEchoAndAValueEqualToTheCurrentOneNeverCollide_P64() {
        let outcome = merge(
            [.property("body"): .set("one"), .property("title"): .set("B")],
            current: {
                $0.properties["body"] = "two"
                $0.properties["title"] = "B"
            }, auto: false)
        guard case .applied(let fields, nil) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(fields.properties["body"], "two")
    }

    func testCollisionsWithoutAutoAreNamedSorted_V5() {
        let outcome = merge(
            [.property("title"): .set("X"), .property("body"): .set("Y"), .sourceId: .set("s")],
            current: {
                $0.properties["title"] = "T"
                $0.properties["body"] = "Z"
                $0.sourceId = "r"
            }, auto: false)
        XCTAssertEqual(outcome, .collided([.property("body"), .sourceId, .property("title")]))
    }

    func testAutoSettlesLastWriterFieldsAndSendsKeepBothLosersToACopy_V9() {
        let outcome = merge(
            [.property("title"): .set("Mine"), .property("body"): .set("My body")],
            current: {
                $0.properties["title"] = "Theirs"
                $0.properties["body"] = "Their body"
            }, auto: true)
        guard case .applied(let fields, let resolution?) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(fields.properties["title"], "Mine")
        XCTAssertEqual(fields.properties["body"], "Their body")
        XCTAssertEqual(resolution.fields, [.property("body"), .property("title")])
        XCTAssertEqual(
            resolution.strategies, [.property("body"): .keepBothCopies, .property("title"): .lastWriterWins])
        XCTAssertEqual(resolution.copyProperties, ["title": "Mine", "body": "My body", "notes": "n"])
    }

    func testACollidedClearClearsUnderLastWriterAndIsLeftOffTheCopyUnderKeepBoth_V10() {
        let outcome = merge(
            [.property("title"): .clear, .property("notes"): .clear],
            current: {
                $0.properties["title"] = "T2"
                $0.properties["notes"] = "n2"
            }, auto: true)
        guard case .applied(let fields, let resolution?) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertNil(fields.properties["title"])
        XCTAssertEqual(fields.properties["notes"], "n2")
        XCTAssertEqual(resolution.copyProperties?["notes"], nil)
        XCTAssertEqual(resolution.copyProperties?["body"], "one")
    }

    func testATypeCollisionIsNeverSettled_V9() {
        let outcome = merge([.type: .set("core.task")], current: { $0.type = "core.event" }, auto: true)
        XCTAssertEqual(outcome, .unresolvable([.type]))
    }

    func testACurrentWriteLaysEveryCarriedValueOver_V4() {
        let fields = FieldMerge.applyCurrent(
            [.property("title"): .set("New"), .property("notes"): .clear, .tier: .set("feed")], to: ancestor)
        XCTAssertEqual(fields.properties, ["title": "New", "body": "one"])
        XCTAssertEqual(fields.tier, .feed)
    }
}
