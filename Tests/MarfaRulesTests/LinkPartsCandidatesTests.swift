import XCTest

@testable import MarfaRules

final class LinkPartsCandidatesTests: XCTestCase {
    private let catalog = BuiltInCatalog.snapshot

    private func item(_ id: String, _ type: String = "core.note", title: String, state: ItemState = .active) -> Item {
        let field = type == "core.highlight" ? "text" : "title"
        return Item(
            id: id, type: type, properties: [field: .string(title), "body": "x"], state: state,
            occurredAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z",
            updatedAt: "2026-01-01T00:00:00.000Z")
    }

    private func resolve(_ target: String, _ items: [Item], bound: Set<String> = []) -> LinkCandidates {
        LinkResolver.candidates(target: target, items: items, boundIds: bound, catalog: catalog)
    }

    func testANewTitleLinkStaysUnresolvedWithTheNoteItFound_F097() {
        let middlemarch = item("m1", title: "Middlemarch, by George Eliot")
        let found = resolve("Middlemarch, by George Eliot", [middlemarch, item("b1", title: "Bleak House")])
        XCTAssertEqual(found, LinkCandidates(target: "Middlemarch, by George Eliot", state: .unresolved,
                                             candidates: [middlemarch]))
        XCTAssertEqual(resolve("Persuasion", [middlemarch]).candidates, [])
        XCTAssertEqual(resolve("Persuasion", [middlemarch]).state, .unresolved)
    }

    func testANameTheNoteAlreadyHasAnEdgeForIsBound_F097() {
        let middlemarch = item("m1", title: "Middlemarch")
        let other = item("m2", title: "middlemarch")
        XCTAssertEqual(resolve("Middlemarch", [middlemarch], bound: ["m1"]).state, .bound)
        XCTAssertEqual(resolve("Middlemarch", [middlemarch, other], bound: ["m1"]).candidates, [middlemarch])
        XCTAssertEqual(resolve("Middlemarch", [middlemarch, other], bound: ["m1", "m2"]).state, .ambiguous)
    }

    func testAHeldIdIsBound_F097() {
        let held = item("0190a000-0000-7000-8000-00000000000a", title: "Anything")
        let found = resolve("0190A000-0000-7000-8000-00000000000A", [held])
        XCTAssertEqual(found.state, .bound)
        XCTAssertEqual(found.candidates, [held])
    }

    func testTwoHeldItemsOfOneTitleAreAmbiguous_F096() {
        let first = item("a", title: "Plan")
        let second = item("b", "core.task", title: " PLAN ")
        let found = resolve("plan", [first, second])
        XCTAssertEqual(found.state, .ambiguous)
        XCTAssertEqual(found.candidates, [first, second])
    }

    func testAnItemInTheBinIsNeverACandidate_F096() {
        let binned = item("a", title: "Plan", state: .trashed)
        XCTAssertEqual(resolve("Plan", [binned]).candidates, [])
        XCTAssertEqual(resolve("a", [binned]).state, .unresolved)
        XCTAssertEqual(resolve("Plan", [binned, item("b", title: "Plan")], bound: ["a"]).candidates.map(\.id), ["b"])
        XCTAssertEqual(resolve("Plan", [item("c", title: "Plan", state: .archived)]).candidates.map(\.id), ["c"])
    }

    func testTitlesCompareByTheTypesTitleFieldIgnoringCaseAndUnicodeForm_F096() {
        let cafe = item("c", title: "Cafe\u{301}")
        XCTAssertEqual(resolve("CAFÉ", [cafe]).candidates, [cafe])
        let highlight = item("h", "core.highlight", title: "A passage")
        XCTAssertEqual(resolve("a passage", [highlight]).candidates, [highlight])
        XCTAssertEqual(resolve("   ", [cafe]), LinkCandidates(target: "   ", state: .unresolved, candidates: []))
    }

    func testBodyNamesCarryWhatEachLinkNames_F099() {
        let links = BodyLinks(
            links: [BodyName(text: "[[Plan|the plan]]", name: "Plan", target: .item(id: "a"))],
            embeds: [BodyName(text: "![[photo.png]]", name: "photo.png", target: .refused(reason: "forbidden"))])
        XCTAssertEqual(links.links.first?.target, .item(id: "a"))
        XCTAssertNotEqual(BodyTarget.pending, .missing)
        XCTAssertEqual(BodyLinks().embeds, [])
        XCTAssertEqual(LinkCandidates.State.allCases, [.bound, .ambiguous, .unresolved])
    }
}
