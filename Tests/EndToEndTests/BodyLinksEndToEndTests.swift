import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Saving a body makes its links real (seed 002 "Check links as you type", lines 71 and 143; F099, F100): a bound
/// link gets its `references` edge in the save, a link by title once the instance's lookup answers, and a link
/// edited out takes its edge away.
final class BodyLinksEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func references(from id: String, in copy: WorkingCopy) async throws -> [String] {
        try await copy.edges.from(id).filter { $0.edgeType == "references" }.map(\.targetId).sorted()
    }

    private func save(_ text: String, on id: String, in copy: WorkingCopy) async throws {
        let held = try await copy.items.get(id)
        let note = try XCTUnwrap(held)
        try await copy.items.update(id, Edit(properties: ["body": .string(text)], baseVersion: note.version))
    }

    private func targets(in id: String, of copy: WorkingCopy) async throws -> [BodyTarget] {
        try await copy.items.links(in: id).links.map(\.target)
    }

    func testATitleLinkIsPendingUntilTheLookupAnswersThenResolvedOrMissing_Seed002Line143_F099_F100() async throws {
        let (copy, bleak) = try await harness.hydratedCopy(title: "Bleak House")
        let middlemarch = try await harness.createItem(type: "core.note", title: "Middlemarch, by George Eliot")
        _ = try await copy.catchUp()

        try await save("Compare [[Middlemarch, by George Eliot]] and [[Persuasion]].", on: bleak, in: copy)
        expectEqual(try await targets(in: bleak, of: copy), [.pending, .pending], "seed 002 line 88: no edge yet")
        expectEqual(try await references(from: bleak, in: copy), [], "a title link waits for the lookup")

        let report = try await copy.queue.drain()
        expectEqual(
            try await targets(in: bleak, of: copy), [.item(id: middlemarch), .missing],
            "seed 002 line 143: once the instance answers, the copy makes the edge")
        expectEqual(try await references(from: bleak, in: copy), [middlemarch])
        XCTAssertTrue(
            report.verdicts.contains { $0.kind == .createEdge && $0.verdict == .accepted },
            "the edge goes in the same drain: \(report.verdicts)")
        let (_, served) = try await harness.request("GET", "/items/\(bleak)/edges")
        XCTAssertTrue("\(served)".contains(middlemarch), "the instance holds the edge: \(served)")
        await copy.close()

        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        expectEqual(
            try await targets(in: bleak, of: reopened), [.item(id: middlemarch), .missing],
            "the lookups' answers survive a reopen (store format 3)")
        await reopened.close()
    }

    func testABoundLinkGetsItsEdgeAtOnceAndEditingItOutRemovesIt_F100() async throws {
        let (copy, note) = try await harness.hydratedCopy(title: "Reading list")
        let persuasion = try await harness.createItem(type: "core.note", title: "Persuasion")
        _ = try await copy.catchUp()

        try await save("Next: [[\(persuasion)|Persuasion]].", on: note, in: copy)
        expectEqual(try await references(from: note, in: copy), [persuasion], "a link by a held id binds at once")
        expectEqual(try await targets(in: note, of: copy), [.item(id: persuasion)])
        let queued = try await copy.queue.all().map(\.kind)
        XCTAssertEqual(queued, [.updateItem, .createEdge], "the save and its edge, in one write")

        try await save("Nothing to read.", on: note, in: copy)
        expectEqual(try await references(from: note, in: copy), [], "F100: a link edited out takes its edge away")
        expectEqual(try await copy.queue.all().last?.kind, .deleteEdge)
        expectEqual(try await copy.items.links(in: note).links, [])
        await copy.close()
    }

    func testALinkNamingTwoNotesIsAmbiguousAndMakesNoEdge_F099() async throws {
        let (copy, note) = try await harness.hydratedCopy(title: "Index")
        _ = try await harness.createItem(type: "core.note", title: "Twins")
        _ = try await harness.createItem(type: "core.note", title: "twins")
        _ = try await copy.catchUp()

        try await save("See [[Twins]].", on: note, in: copy)
        expectEqual(try await targets(in: note, of: copy), [.pending], "F099: pending until the instance's lookup")
        _ = try await copy.queue.drain()
        expectEqual(try await targets(in: note, of: copy), [.ambiguous], "the instance names two notes")
        expectEqual(try await references(from: note, in: copy), [])
        await copy.close()
    }

    func testALinkWhoseEdgeIsRefusedSaysRefused_F099() async throws {
        let (copy, note) = try await harness.hydratedCopy(title: "Myself")

        try await save("I am [[Myself]].", on: note, in: copy)
        expectEqual(try await targets(in: note, of: copy), [.pending])
        _ = try await copy.queue.drain()
        let target = try await targets(in: note, of: copy).first
        guard case .refused(let reason)? = target else {
            return XCTFail("a note's link to itself cannot have its edge: \(String(describing: target))")
        }
        XCTAssertEqual(reason, "edge_cycle")
        expectEqual(try await references(from: note, in: copy), [])
        await copy.close()
    }

    func testALinkWhoseEdgeTheInstanceRefusesSaysRefused_F099() async throws {
        let (copy, note) = try await harness.hydratedCopy(title: "Reading list")
        let gone = try await harness.createItem(type: "core.note", title: "Gone")
        _ = try await copy.catchUp()
        let (binned, _) = try await harness.request("DELETE", "/items/\(gone)")
        XCTAssertEqual(binned, 200, "another writer bins the target; the copy has not heard")

        try await save("See [[\(gone)]].", on: note, in: copy)
        expectEqual(try await targets(in: note, of: copy), [.item(id: gone)], "bound by a held id")
        let report = try await copy.queue.drain()
        guard case .refused(let refusal)? = report.verdicts.last?.verdict else {
            return XCTFail("an edge to an item in the bin is refused: \(report.verdicts)")
        }
        expectEqual(
            try await targets(in: note, of: copy), [.refused(reason: refusal.code ?? refusal.reason)],
            "F099: refused when the edge write is refused")
        await copy.close()
    }
}
