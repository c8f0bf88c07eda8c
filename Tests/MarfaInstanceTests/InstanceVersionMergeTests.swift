import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// Versions and merges as the server applies them (P-61 to P-68, V-1 to V-11), seed 002's rename case included.
final class InstanceVersionMergeTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness.start()
    }

    override func tearDown() async throws {
        await harness.finish()
    }

    private func patch(_ id: String, _ body: JSONValue, auto: Bool = true) async throws -> Answer {
        try await harness.send("PATCH", "/items/\(id)\(auto ? "?conflict=auto" : "")", body: body)
    }

    private func id(_ item: JSONObject) -> String { item["id"]?.string ?? "" }

    func testCreateIsVersionOneAndEachUpdateAddsOne_V1_V4() async throws {
        let note = try await harness.note("Middlemarch")
        XCTAssertEqual(note["version"], 1)
        let second = try await patch(id(note), ["version": 1, "properties": ["title": "Middlemarch, by George Eliot"]])
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(second.item["version"], 2)
        XCTAssertNil(second.object["conflict_resolution"], "a current update is accepted, not merged")
        let third = try await patch(id(note), ["version": 2, "tier": "feed"])
        XCTAssertEqual(third.item["version"], 3)
        XCTAssertEqual(third.item["properties"]?.object?["title"], "Middlemarch, by George Eliot")
    }

    func testARenameBasedOnVersionOneAfterABodyChangeIsMergedWithBothKept_Seed002_V7() async throws {
        let note = try await harness.note("Bleak House", body: "First draft")
        let elsewhere = try await patch(id(note), ["version": 1, "properties": ["body": "Changed elsewhere"]])
        XCTAssertEqual(elsewhere.item["version"], 2)
        let rename = try await patch(id(note), ["version": 1, "properties": ["title": "Bleak House, by Dickens"]])
        XCTAssertEqual(rename.status, 200)
        XCTAssertEqual(rename.item["version"], 3, "a merged answer is at least base + 2")
        XCTAssertEqual(rename.item["properties"]?.object?["title"], "Bleak House, by Dickens")
        XCTAssertEqual(rename.item["properties"]?.object?["body"], "Changed elsewhere")
        XCTAssertNil(rename.object["conflict_resolution"], "no field collided")
    }

    func testTwoTitleChangesFromOneVersionSettleForTheLaterWriter_Seed002_V9() async throws {
        let note = try await harness.note("Bleak House")
        _ = try await patch(id(note), ["version": 1, "properties": ["title": "Changed elsewhere"]])
        let rename = try await patch(id(note), ["version": 1, "properties": ["title": "Bleak House, by Dickens"]])
        XCTAssertEqual(rename.status, 200)
        XCTAssertEqual(rename.item["properties"]?.object?["title"], "Bleak House, by Dickens")
        let resolution = try XCTUnwrap(rename.object["conflict_resolution"]?.object)
        XCTAssertEqual(resolution["fields"], ["title"])
        XCTAssertEqual(resolution["strategy"], ["title": "last_writer_wins"])
        XCTAssertNil(resolution["conflicted_copy_id"], "merged, not conflicted")
    }

    func testTwoBodyChangesKeepTheServersBodyAndPutTheLoserInAConflictedCopy_V9_P67() async throws {
        let note = try await harness.note("Persuasion", body: "Anne", extra: ["notes": "n"])
        _ = try await harness.send("POST", "/items/\(id(note))/tags", body: ["tags": ["austen"]])
        _ = try await patch(id(note), ["version": 1, "properties": ["body": "Server's body"]])
        let mine = try await patch(
            id(note), ["version": 1, "properties": ["body": "My body", "title": "Persuasion!"]])
        XCTAssertEqual(mine.status, 200)
        XCTAssertEqual(mine.item["properties"]?.object?["body"], "Server's body")
        XCTAssertEqual(mine.item["properties"]?.object?["title"], "Persuasion!", "the uncollided change is applied")
        let resolution = try XCTUnwrap(mine.object["conflict_resolution"]?.object)
        XCTAssertEqual(resolution["fields"], ["body"])
        XCTAssertEqual(resolution["strategy"], ["body": "keep_both_copies"])
        let copyId = try XCTUnwrap(resolution["conflicted_copy_id"]?.string)
        let copy = try await harness.send("GET", "/items/\(copyId)")
        XCTAssertEqual(copy.status, 200)
        XCTAssertEqual(copy.item["type"], "core.note")
        XCTAssertEqual(copy.item["properties"]?.object?["body"], "My body")
        XCTAssertEqual(copy.item["properties"]?.object?["title"], "Persuasion!")
        XCTAssertEqual(copy.item["source"], note["source"])
        XCTAssertNil(copy.item["source_id"])
        XCTAssertEqual(copy.object["metadata"]?.object?["tags"], ["austen", "conflicted-copy"])
        let links = copy.item["edges"]?.object?["derived-from"]?.object?["data"]?.array ?? []
        XCTAssertEqual(links.count, 1)
        XCTAssertEqual(links.first?.object?["target_id"]?.string, id(note))
        XCTAssertEqual(links.first?.object?["version"], 1)
    }

    func testAStaleCollisionWithoutAutoIsAConflictWithItsFourParts_V5_P65() async throws {
        let note = try await harness.note("Emma", body: "one")
        _ = try await patch(id(note), ["version": 1, "properties": ["body": "two"], "tier": "feed"])
        let refused = try await patch(
            id(note), ["version": 1, "properties": ["body": "three"], "tier": "feed"], auto: false)
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.errorCode, "version_conflict")
        XCTAssertEqual(refused.object["error"]?.object?["status"], 409)
        XCTAssertEqual(refused.object["current"]?.object?["version"], 2)
        XCTAssertEqual(refused.object["current"]?.object?["id"]?.string, id(note))
        XCTAssertEqual(refused.object["ancestor"]?.object?["version"], 1)
        XCTAssertEqual(refused.object["ancestor"]?.object?["properties"]?.object?["body"], "one")
        XCTAssertEqual(refused.object["conflicting_fields"], ["body"], "the tier sent equals the current one")
        XCTAssertEqual(
            refused.object["merge_policy"],
            ["fields": ["body": "keep_both_copies", "notes": "keep_both_copies"], "default": "last_writer_wins"])
        let after = try await harness.send("GET", "/items/\(id(note))")
        XCTAssertEqual(after.item["version"], 2, "nothing was written")
    }

    func testEchoesAndUncarriedFieldsNeverCollide_V5() async throws {
        let note = try await harness.note("Sanditon", body: "a")
        _ = try await patch(id(note), ["version": 1, "properties": ["body": "b"]])
        let echo = try await patch(id(note), ["version": 1, "properties": ["body": "a", "title": "S"]], auto: false)
        XCTAssertEqual(echo.status, 200)
        XCTAssertEqual(echo.item["properties"]?.object?["body"], "b", "the echoed ancestor value is not a change")
        XCTAssertEqual(echo.item["properties"]?.object?["title"], "S")
    }

    func testABaseWithNoSnapshotIsAncestorUnavailable_V6() async throws {
        let note = try await harness.note("Lady Susan")
        for version: Int64 in [99, 0] {
            let refused = try await patch(id(note), ["version": .integer(version), "properties": ["title": "x"]])
            XCTAssertEqual(refused.status, 409)
            XCTAssertEqual(refused.errorCode, "ancestor_unavailable")
            XCTAssertEqual(refused.object["requested_version"], .integer(version))
            XCTAssertEqual(refused.object["current"]?.object?["id"]?.string, id(note))
            XCTAssertNil(refused.object["ancestor"])
        }
    }

    func testAnUpdateWithoutAVersionIsRefused_V3() async throws {
        let note = try await harness.note("Mansfield Park")
        let refused = try await patch(id(note), ["properties": ["title": "x"]])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.errorCode, "missing_required_field")
        XCTAssertEqual(refused.details["field"], "version")
    }

    func testAStaleUpdateCarryingEdgesGetsTheShortEnvelopeEvenWithAuto_V11() async throws {
        let note = try await harness.note("Northanger Abbey")
        let other = try await harness.note("Udolpho")
        _ = try await patch(id(note), ["version": 1, "properties": ["title": "NA"]])
        let refused = try await patch(id(note), ["version": 1, "edges": ["references": [.string(id(other))]]])
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.errorCode, "version_conflict")
        XCTAssertNotNil(refused.object["current"])
        XCTAssertNil(refused.object["ancestor"])
        XCTAssertNil(refused.object["conflicting_fields"])
        let current = try await patch(id(note), ["version": 2, "edges": ["references": [.string(id(other))]]])
        XCTAssertEqual(current.status, 200, "the witness: at the current version the same edges are written")
        XCTAssertEqual(current.item["version"], 3)
    }

    func testOccurredAtAndSourceIdAreAlwaysLastWriterWinsAndTierEchoesAreLeftAlone_P66() async throws {
        let note = try await harness.note("Juvenilia")
        _ = try await patch(
            id(note), ["version": 1, "tier": "feed", "source_id": "a", "occurred_at": "2019-01-01T00:00:00Z"])
        let later = try await patch(
            id(note), ["version": 1, "tier": "library", "source_id": "b", "occurred_at": "2020-01-02T03:04:05+02:00"])
        XCTAssertEqual(later.status, 200)
        XCTAssertEqual(later.item["tier"], "feed", "library is the ancestor's tier: an echo, left alone")
        XCTAssertEqual(later.item["source_id"], "b")
        XCTAssertEqual(later.item["occurred_at"], "2020-01-02T01:04:05.000Z")
        let resolution = try XCTUnwrap(later.object["conflict_resolution"]?.object)
        XCTAssertEqual(resolution["fields"], ["occurred_at", "source_id"])
        XCTAssertEqual(resolution["strategy"], ["occurred_at": "last_writer_wins", "source_id": "last_writer_wins"])
    }

    func testAStaleReplaceClearsWhatItLeavesOutUnlessItCollides_V10() async throws {
        let note = try await harness.note("Sense", body: "b", extra: ["notes": "n", "language": "en"])
        _ = try await patch(id(note), ["version": 1, "properties": ["notes": "changed"]])
        let refused = try await patch(
            id(note), ["version": 1, "properties_mode": "replace", "properties": ["title": "Sense", "body": "b"]],
            auto: false)
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.object["conflicting_fields"], ["notes"])
        let merged = try await patch(
            id(note), ["version": 1, "properties_mode": "replace", "properties": ["title": "Sense", "body": "b"]])
        XCTAssertEqual(merged.status, 200)
        XCTAssertNil(merged.item["properties"]?.object?["language"], "an uncollided clear applies")
        XCTAssertEqual(merged.item["properties"]?.object?["notes"], "changed", "keep-both keeps the server's value")
    }

    func testAStaleRetypeCollisionIsNeverSettled_V9() async throws {
        let task = try await harness.send("POST", "/items", body: ["type": "core.task", "properties": ["title": "t"]])
        let taskId = task.item["id"]?.string ?? ""
        _ = try await patch(taskId, ["version": 1, "type": "core.note", "retype": true, "properties": ["body": "b"]])
        let refused = try await patch(
            taskId, ["version": 1, "type": "core.event", "retype": true, "properties": ["title": "e"]])
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.errorCode, "version_conflict")
        XCTAssertTrue(refused.object["conflicting_fields"]?.array?.contains("type") ?? false)
    }

    func testEveryUpdateStoresThePriorVersionOldestFirst_P62() async throws {
        let note = try await harness.note("Lesley Castle")
        _ = try await patch(id(note), ["version": 1, "properties": ["title": "two"]])
        _ = try await patch(id(note), ["version": 2, "properties": ["title": "three"]])
        let versions = try await harness.send("GET", "/items/\(id(note))/versions")
        XCTAssertEqual(versions.status, 200)
        XCTAssertEqual(versions.data.map { $0.object?["version"] }, [1, 2])
        XCTAssertEqual(versions.data.first?.object?["properties"]?.object?["title"], "Lesley Castle")
        XCTAssertEqual(versions.nextCursor, nil)
    }

    func testANullOnARequiredPropertyIsRefusedAndOnAnOptionalOneLeavesIt_P68() async throws {
        let note = try await harness.note("Love and Freindship", body: "text")
        let refused = try await patch(id(note), ["version": 1, "properties": ["body": nil]])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.errorCode, "invalid_properties")
        let left = try await patch(id(note), ["version": 1, "properties": ["title": nil, "notes": "x"]])
        XCTAssertEqual(left.status, 200)
        XCTAssertEqual(left.item["properties"]?.object?["title"], "Love and Freindship")
    }

    func testTypeMustMatchUnlessRetyping_P38() async throws {
        let note = try await harness.note("Catharine")
        let refused = try await patch(id(note), ["version": 1, "type": "core.task", "properties": ["title": "x"]])
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.errorCode, "type_mismatch")
        let unknown = try await patch(id(note), ["version": 1, "body": "x"])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.errorCode, "validation_error")
    }
}
