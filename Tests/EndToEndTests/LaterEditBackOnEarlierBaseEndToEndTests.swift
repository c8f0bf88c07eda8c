import Foundation
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// V-17's exception reached through V-18 against the reference instance (Decision 0114): an edit made after a
/// catch-up, sharing a property with an earlier edit whose merged answer does not hold what it read, is sent on the
/// earlier edit's base without the properties it carries unchanged.
final class LaterEditBackOnEarlierBaseEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws { harness = try await InstanceHarness() }
    override func tearDown() async throws { await harness?.shutdown() }

    /// The copy retitles the note at version 1; another writer changes the body (version 2) and the copy catches up;
    /// the copy then edits on 2, carrying its own title unchanged beside new notes; another writer changes the notes
    /// (version 3). The retitle lands at 4 over both, which holds notes the later edit never read: it cannot go on
    /// 4, and as it shares the title and is based later than the retitle, it is sent on 1 with only its notes.
    func testALaterEditAfterACatchUpGoesOnTheMergedEditsBaseWithoutItsUnchangedTitle_V17_V18() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let first = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        let (bodied, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "their body"]])
        XCTAssertEqual(bodied, 200)
        _ = try await copy.catchUp()
        let caughtUp = try await copy.items.get(id)
        XCTAssertEqual(caughtUp?.version, 2, "witness: the copy caught up to version 2")
        XCTAssertEqual(caughtUp?.properties["title"], "mine", "witness: the retitle shows over the catch-up")
        let later = try await copy.items.update(
            id, Edit(properties: ["title": "mine", "notes": "my notes"], baseVersion: 2))
        let (noted, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 2, "properties": ["notes": "their notes"]])
        XCTAssertEqual(noted, 200)

        let report = try await copy.queue.drain()
        let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.verdict) })
        switch verdicts[first.id] {
        case .accepted?, .merged?: break
        default: return XCTFail("witness: the retitle lands past its base: \(report.verdicts)")
        }
        let sent = try await copy.queue.all().first { $0.id == later.id }
        XCTAssertEqual(sent?.baseVersion, 1, "sent on the retitle's base, not its own (2) nor the answer (4)")
        XCTAssertEqual(sent?.body["version"], 1)
        XCTAssertEqual(sent?.body["properties"], ["notes": "my notes"], "the title it carried unchanged is dropped")
        guard case .conflicted? = verdicts[later.id] else {
            return XCTFail("on 1 the notes meet the other writer's notes: \(report.verdicts)")
        }
        let (_, served) = try await harness.request("GET", "/items/\(id)")
        let properties = served.object?["item"]?.object?["properties"]?.object
        XCTAssertEqual(properties?["title"], "mine")
        XCTAssertEqual(properties?["body"], "their body")
        XCTAssertEqual(properties?["notes"], "their notes", "notes this device never read are not overwritten")
        await copy.close()
    }
}
