import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// `POST /items`, deletes, restores, transitions and purges (P-37, P-39 to P-43, P-92, P-10).
final class InstanceItemWriteTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness.start()
    }

    override func tearDown() async throws {
        await harness.finish()
    }

    private func create(_ body: JSONValue) async throws -> Answer {
        try await harness.send("POST", "/items", body: body)
    }

    func testACreateAnswersTheNewRowAtVersionOneWithTheClientsId_P37() async throws {
        let id = ItemID.make()
        let answer = try await create([
            "id": .string(id), "type": "core.note", "properties": ["title": "T", "body": "B"],
            "occurred_at": "2024-05-06T07:08:09", "capture_latitude": 1.5, "tags": ["a", "b", "a"],
            "ignored_member": true,
        ])
        XCTAssertEqual(answer.status, 201)
        let item = answer.item
        XCTAssertEqual(item["id"]?.string, id)
        XCTAssertEqual(item["version"], 1)
        XCTAssertEqual(item["state"], "active")
        XCTAssertEqual(item["tier"], "library")
        XCTAssertEqual(item["source"], "operator")
        XCTAssertEqual(item["occurred_at"], "2024-05-06T07:08:09.000Z", "a zone-less time reads as UTC")
        XCTAssertEqual(item["capture_latitude"], 1.5)
        XCTAssertEqual(item["schema_version"], 1)
        XCTAssertEqual(answer.object["metadata"]?.object?["tags"], ["a", "b"])
        XCTAssertEqual(answer.object["metadata"]?.object?["item_id"]?.string, id)
        XCTAssertNotNil(Timestamp.date(from: item["created_at"]?.string ?? ""))
    }

    func testARepeatedIdOfTheSameTypeIsAcknowledgedAndWritesNothing_P37() async throws {
        let id = ItemID.make()
        _ = try await create(["id": .string(id), "type": "core.note", "properties": ["body": "first"]])
        let head = try harness.head()
        let repeated = try await create(["id": .string(id), "type": "core.note", "properties": ["body": "second"]])
        XCTAssertEqual(repeated.status, 200)
        XCTAssertEqual(repeated.object["acknowledged"], true)
        XCTAssertEqual(repeated.item["properties"]?.object?["body"], "first")
        XCTAssertEqual(try harness.head(), head, "an acknowledged repeat announces nothing")
        let other = try await create(["id": .string(id), "type": "core.task", "properties": ["title": "t"]])
        XCTAssertEqual(other.status, 409)
        XCTAssertEqual(other.errorCode, "id_reused")
        XCTAssertEqual(other.details["differs"], ["type"])
    }

    func testCreateRefusalsNameWhatIsWrong_P37() async throws {
        let cases: [(JSONValue, Int, String)] = [
            (["properties": ["body": "x"]], 400, "missing_required_field"),
            (["type": "core.nope"], 400, "unknown_type"),
            (["type": "Not A Type"], 400, "validation_error"),
            (["type": "core.note", "properties": ["title": "no body"]], 400, "missing_required_field"),
            (["type": "core.note", "id": "NOT-A-UUID", "properties": ["body": "x"]], 400, "invalid_id"),
            (["type": "core.note", "properties": ["body": 5]], 400, "invalid_properties"),
            (["type": "core.task", "properties": ["title": "t", "priority": "huge"]], 400, "invalid_properties"),
            (
                ["type": "core.task", "properties": ["title": "t", "due_at": "2024-01-01T10:00"]], 400,
                "invalid_properties"
            ),
            (["type": "core.note", "properties": ["body": "x"], "state": "revoked"], 400, "validation_error"),
            (["type": "core.note", "properties": ["body": "x"], "tier": "attic"], 400, "validation_error"),
            (["type": "system.folder", "properties": ["title": "f"]], 403, "type_not_permitted"),
            (
                ["type": "core.note", "properties": ["body": "x"], "edges": ["about": [.string(ItemID.make())]]], 404,
                "item_not_found"
            ),
            (
                ["type": "core.note", "properties": ["body": "x"], "edges": ["nope": [.string(ItemID.make())]]], 404,
                "edge_type_not_found"
            ),
        ]
        for (body, status, code) in cases {
            let answer = try await create(body)
            XCTAssertEqual(answer.status, status, "\(body)")
            XCTAssertEqual(answer.errorCode, code, "\(body)")
            XCTAssertEqual(answer.header("X-Error-Code"), code)
        }
        let missing = try await create(["type": "core.note", "properties": ["title": "no body"]])
        XCTAssertEqual(missing.details["field"], "body")
        let listed = try await harness.send("GET", "/items?state=any")
        XCTAssertEqual(listed.data.count, 0, "no refused create wrote anything")
    }

    func testBodiesMustBeJSONObjectsSentAsJSON_P10() async throws {
        let wrongType = try await harness.send(
            "POST", "/items", rawBody: Data(#"{"type":"core.note"}"#.utf8), contentType: "text/plain")
        XCTAssertEqual(wrongType.errorCode, "validation_error")
        let array = try await harness.send("POST", "/items", rawBody: Data("[]".utf8))
        XCTAssertEqual(array.errorCode, "validation_error")
        let broken = try await harness.send("POST", "/items", rawBody: Data("{".utf8))
        XCTAssertEqual(broken.errorCode, "validation_error")
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let nested = try await harness.send("POST", "/items", rawBody: Data("{\"a\":\(deep)}".utf8))
        XCTAssertEqual(nested.errorCode, "validation_error")
        let suffix = try await harness.send(
            "POST", "/items", body: ["type": "core.note", "properties": ["body": "x"]],
            contentType: "Application/Merge-Patch+JSON; charset=utf-8")
        XCTAssertEqual(suffix.status, 201, "any case, parameters and +json are accepted")
    }

    func testANaturalKeyUpsertsOntoItsRowMergingPropertiesAndKeepingTags_P37_P59() async throws {
        let first = try await create([
            "type": "core.note", "source_id": "ext-1", "properties": ["title": "One", "body": "b"], "tier": "feed",
            "tags": ["keep"],
        ])
        XCTAssertEqual(first.status, 201)
        let upsert = try await create(["type": "core.note", "source_id": "ext-1", "properties": ["title": "Uno"]])
        XCTAssertEqual(upsert.status, 200)
        XCTAssertNil(upsert.object["acknowledged"])
        XCTAssertEqual(upsert.item["id"], first.item["id"])
        XCTAssertEqual(upsert.item["version"], 2)
        XCTAssertEqual(upsert.item["properties"]?.object?["title"], "Uno")
        XCTAssertEqual(upsert.item["properties"]?.object?["body"], "b")
        XCTAssertEqual(upsert.item["tier"], "feed")
        XCTAssertEqual(upsert.object["metadata"]?.object?["tags"], ["keep"])
        let claimsNoRow = try await create(
            ["type": "core.note", "source_id": "ext-1", "version": 0, "properties": ["title": "x"]])
        XCTAssertEqual(claimsNoRow.status, 409)
        XCTAssertEqual(claimsNoRow.errorCode, "ancestor_unavailable")
        XCTAssertEqual(claimsNoRow.object["current"]?.object?["id"], first.item["id"], "V-12 names the row")
        let otherType = try await create(["type": "core.task", "source_id": "ext-1", "properties": ["title": "x"]])
        XCTAssertEqual(otherType.errorCode, "type_mismatch")
    }

    func testANaturalKeyResolvingARowInTheBinIsAcknowledged_P37() async throws {
        let first = try await create(["type": "core.note", "source_id": "k", "properties": ["body": "b"]])
        let id = first.item["id"]?.string ?? ""
        _ = try await harness.send("DELETE", "/items/\(id)?version=1")
        let again = try await create(["type": "core.note", "source_id": "k", "properties": ["body": "c"]])
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.object["acknowledged"], true)
        XCTAssertEqual(again.item["state"], "trashed")
    }

    func testInlineEdgesAreCreatedWithTheItemAndAnnouncedAfterIt_P34() async throws {
        let target = try await harness.note("Target")
        let head = try harness.head()
        let answer = try await create([
            "type": "core.note", "properties": ["body": "b"], "edges": ["references": [target["id"] ?? nil]],
        ])
        XCTAssertEqual(answer.status, 201)
        let id = answer.item["id"]?.string ?? ""
        let stream = try EventStreamClient(port: harness.port, key: harness.key, lastEventId: String(head))
        defer { stream.close() }
        let frames = try stream.frames(through: "stream_live")
        XCTAssertEqual(frames.map(\.event), ["stream_cursor", "item.created", "edge.created", "stream_live"])
        XCTAssertEqual(frames[2].json["edge"]?.object?["source_id"]?.string, id)
        XCTAssertEqual(frames[2].json["source_type"], "core.note")
        let read = try await harness.send("GET", "/items/\(id)")
        XCTAssertEqual(read.item["edges"]?.object?["references"]?.object?["data"]?.array?.count, 1)
    }

    func testADeleteTakesTheParentOfCascadeAndARestoreBringsExactlyItBack_P39_P40_P92() async throws {
        let parent = try await harness.note("Parent")
        let child = try await harness.note("Child")
        let grandchild = try await harness.note("Grandchild")
        let loner = try await harness.note("Already archived child")
        let ids = [parent, child, grandchild, loner].map { $0["id"]?.string ?? "" }
        for (source, target) in [(0, 1), (1, 2), (0, 3)] {
            let edge = try await harness.send(
                "POST", "/edges",
                body: ["source_id": .string(ids[source]), "target_id": .string(ids[target]), "edge_type": "parent-of"])
            XCTAssertEqual(edge.status, 201)
        }
        _ = try await harness.send("POST", "/items/\(ids[3])/transition", body: ["state": "archived"])
        let stale = try await harness.send("DELETE", "/items/\(ids[0])?version=7")
        XCTAssertEqual(stale.status, 409)
        XCTAssertEqual(stale.errorCode, "version_conflict")
        XCTAssertNotNil(stale.object["current"])
        XCTAssertNil(stale.object["ancestor"])
        let nonPositive = try await harness.send("DELETE", "/items/\(ids[0])?version=0")
        XCTAssertEqual(nonPositive.status, 400)
        let deleted = try await harness.send("DELETE", "/items/\(ids[0])?version=1", body: [:])
        XCTAssertEqual(deleted.status, 200)
        XCTAssertEqual(deleted.object["ok"], true)
        let bin = try await harness.send("GET", "/items?state=trashed&limit=200")
        XCTAssertEqual(Set(bin.data.compactMap { $0.object?["id"]?.string }), Set(ids))
        let member = bin.data.first { $0.object?["id"]?.string == ids[2] }?.object
        XCTAssertEqual(member?["trashed_by_cascade"], true)
        XCTAssertEqual(member?["trashed_with"]?.string, ids[0])
        XCTAssertEqual(member?["version"], 1, "a delete keeps versions")
        let gone = try await harness.send("GET", "/items/\(ids[1])")
        XCTAssertEqual(gone.status, 404)
        XCTAssertNil(gone.object["error"]?.object?["details"], "a read of a trashed row answers no details")
        let again = try await harness.send("DELETE", "/items/\(ids[0])?version=1")
        XCTAssertEqual(again.status, 404)
        XCTAssertEqual(again.details["trashed"], true)
        let restored = try await harness.send("POST", "/items/\(ids[0])/restore")
        XCTAssertEqual(restored.status, 200)
        XCTAssertEqual(restored.item["state"], "active")
        let states = try await harness.send("GET", "/items?state=any")
        let byId = Dictionary(
            uniqueKeysWithValues: states.data.compactMap { row in
                row.object.flatMap { object in object["id"]?.string.map { ($0, object["state"]?.string ?? "") } }
            })
        XCTAssertEqual(byId[ids[1]], "active")
        XCTAssertEqual(byId[ids[2]], "active")
        XCTAssertEqual(byId[ids[3]], "archived", "each row goes back to the state it left")
        let notTrashed = try await harness.send("POST", "/items/\(ids[0])/restore")
        XCTAssertEqual(notTrashed.errorCode, "invalid_transition")
    }

    func testTransitionsFollowTheLifecycle_P41() async throws {
        let note = try await harness.note("Life")
        let id = note["id"]?.string ?? ""
        let same = try await harness.send("POST", "/items/\(id)/transition", body: ["state": "active"])
        XCTAssertEqual(same.errorCode, "invalid_transition")
        let revoked = try await harness.send("POST", "/items/\(id)/transition", body: ["state": "revoked"])
        XCTAssertEqual(revoked.errorCode, "validation_error")
        for (state, expected) in [("archived", 200), ("trashed", 200), ("archived", 400), ("active", 200)] {
            let answer = try await harness.send("POST", "/items/\(id)/transition", body: ["state": .string(state)])
            XCTAssertEqual(answer.status, expected, state)
            if expected == 200 { XCTAssertEqual(answer.item["state"]?.string, state) }
        }
        let read = try await harness.send("GET", "/items/\(id)")
        XCTAssertEqual(read.item["version"], 1, "transitions keep the version")
    }

    func testAPurgeRemovesABinnedRowWithItsEdgesAndAnnouncesThemFirst_P42() async throws {
        let note = try await harness.note("Doomed")
        let other = try await harness.note("Survivor")
        let id = note["id"]?.string ?? ""
        _ = try await harness.send(
            "POST", "/edges", body: ["source_id": other["id"] ?? nil, "target_id": .string(id), "edge_type": "about"])
        let active = try await harness.send("POST", "/items/\(id)/purge")
        XCTAssertEqual(active.errorCode, "invalid_transition")
        let narrowed = try await harness.instance.mintKey(KeyGrants(types: ["*": .write]))
        let unpermitted = try await harness.send("POST", "/items/\(id)/purge", key: .some(narrowed))
        XCTAssertEqual(unpermitted.status, 403)
        XCTAssertEqual(unpermitted.details["required_scope"], "items.purge")
        _ = try await harness.send("DELETE", "/items/\(id)?version=1")
        let head = try harness.head()
        let purged = try await harness.send("POST", "/items/\(id)/purge?version=1")
        XCTAssertEqual(purged.status, 200)
        XCTAssertEqual(purged.object["ok"], true)
        let stream = try EventStreamClient(port: harness.port, key: harness.key, lastEventId: String(head))
        defer { stream.close() }
        let frames = try stream.frames(through: "stream_live")
        XCTAssertEqual(frames.map(\.event), ["stream_cursor", "edge.deleted", "item.purged", "stream_live"])
        XCTAssertEqual(frames[1].json["purged_with"]?.string, id)
        XCTAssertEqual(frames[2].json["item"]?.object?["id"]?.string, id)
        let again = try await harness.send("POST", "/items/\(id)/purge")
        XCTAssertEqual(again.status, 404)
        let restore = try await harness.send("POST", "/items/\(id)/restore")
        XCTAssertEqual(restore.status, 404)
        let edges = try await harness.send("GET", "/items/\(other["id"]?.string ?? "")/edges")
        XCTAssertEqual(edges.data.count, 0)
    }
}
