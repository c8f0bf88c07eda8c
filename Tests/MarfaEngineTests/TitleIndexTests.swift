import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// Link candidates read through the title index agree with the rule over every held item (F096–F098), across
/// writes, removals, trashing and a refill that clears every row.
final class TitleIndexTests: XCTestCase {
    func testLinkCandidatesMatchTheRuleOverEveryItemAcrossWrites_F096_F097() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        var changes = SeededChanges(seed: 0x7171)
        var random = SplitMixRandom(seed: 0x5151)
        var checkedTitles = 0
        for round in 0..<400 {
            var batch = changes.batch()
            if round % 7 == 3, let victim = changes.itemIds.randomElement(using: &random) {
                batch.append(.removeItem(id: victim))
            }
            if round == 250 { batch = [.clearRows] + batch }
            try await copy.commit(batch)
            guard round % 5 == 0 else { continue }

            let state = await copy.state
            let held = state.items.values
            var targets = ["nothing like a title", "", "   "]
            for item in held.shuffled(using: &random).prefix(6) {
                targets.append(item.id.uppercased())
                if let title = item.properties["title"]?.string {
                    targets.append(random.next() % 2 == 0 ? "  \(title.uppercased()) " : title)
                }
            }
            let note = held.randomElement(using: &random)?.id
            let bound = Set(note.map { state.edges.records(from: $0).map(\.targetId) } ?? [])
            let expected = targets.map {
                LinkResolver.candidates(target: $0, items: held, boundIds: bound, catalog: state.catalog)
            }
            let answered = try await copy.linkCandidates(of: targets, in: note)
            XCTAssertEqual(answered, expected, "round \(round)")
            checkedTitles += expected.filter { !$0.candidates.isEmpty && $0.state != .bound }.count
        }
        XCTAssertGreaterThan(checkedTitles, 50, "witness: titles with candidates were compared, not only misses")
    }

    func testACatalogThatMovesTheTitleFieldBuildsTheIndexAgain_F096() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let id = "0190a1b2-0000-7000-8000-00000000000a"
        let time = "2026-01-02T03:04:05.006Z"
        let note = Item(
            id: id, type: "core.note", properties: ["title": "Alpha", "subtitle": "Beta"], occurredAt: time,
            createdAt: time, updatedAt: time)
        try await copy.commit([.putItem(note)])
        let before = try await copy.linkCandidates(of: ["alpha"], in: nil)
        XCTAssertEqual(before.first?.candidates.map(\.id), [id])

        let moved = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: "subtitle")], edgeTypes: [])
        try await copy.commit([.setCatalog(moved)])
        let found = try await copy.linkCandidates(of: ["alpha", "beta"], in: nil)
        XCTAssertEqual(found.map { $0.candidates.map(\.id) }, [[], [id]], "the note is named by its new title field")
    }
}
