import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// Tags, metadata, extensions and edges (P-44 to P-48, P-90, P-91).
final class InstanceMetadataAndEdgeTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness.start()
    }

    override func tearDown() async throws {
        await harness.finish()
    }

    private func edge(_ source: String, _ target: String, _ type: String, id: String? = nil) async throws -> Answer {
        var body: JSONObject = ["source_id": .string(source), "target_id": .string(target), "edge_type": .string(type)]
        if let id { body["id"] = .string(id) }
        return try await harness.send("POST", "/edges", body: .object(body))
    }

    func testTagWritesMoveUpdatedAtButNotTheVersion_P44() async throws {
        let note = try await harness.note("Tagged")
        let id = note["id"]?.string ?? ""
        let added = try await harness.send("POST", "/items/\(id)/tags", body: ["tags": ["b", "a", "b"]])
        XCTAssertEqual(added.object["metadata"]?.object?["tags"], ["b", "a"])
        let union = try await harness.send("PATCH", "/items/\(id)/metadata", body: ["tags": ["c", "a"]])
        XCTAssertEqual(union.object["metadata"]?.object?["tags"], ["b", "a", "c"])
        let removed = try await harness.send("DELETE", "/items/\(id)/tags/a")
        XCTAssertEqual(removed.object["metadata"]?.object?["tags"], ["b", "c"])
        let again = try await harness.send("DELETE", "/items/\(id)/tags/a")
        XCTAssertEqual(again.status, 200, "removing is idempotent")
        let replaced = try await harness.send("PUT", "/items/\(id)/metadata", body: ["tags": ["z"]])
        XCTAssertEqual(replaced.object["metadata"]?.object?["tags"], ["z"])
        let read = try await harness.send("GET", "/items/\(id)")
        XCTAssertEqual(read.item["version"], 1)
        XCTAssertNotEqual(read.item["updated_at"], note["updated_at"])
        let metadata = try await harness.send("GET", "/items/\(id)/metadata")
        XCTAssertEqual(metadata.object["metadata"]?.object?["tags"], ["z"])
        let notList = try await harness.send("POST", "/items/\(id)/tags", body: ["tags": "z"])
        XCTAssertEqual(notList.errorCode, "validation_error")
        let blank = try await harness.send("POST", "/items/\(id)/tags", body: ["tags": [" "]])
        XCTAssertEqual(blank.errorCode, "validation_error")
        let tooMany = try await harness.send(
            "PUT", "/items/\(id)/metadata", body: ["tags": .array((0...100).map { .string("t\($0)") })])
        XCTAssertEqual(tooMany.errorCode, "validation_error")
        let missing = try await harness.send("POST", "/items/\(ItemID.make())/tags", body: ["tags": ["x"]])
        XCTAssertEqual(missing.status, 404)
        let reader = try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let readOnly = try await harness.send("POST", "/items/\(id)/tags", body: ["tags": ["x"]], key: .some(reader))
        XCTAssertEqual(readOnly.errorCode, "type_not_permitted")
    }

    func testExtensionsArePutReadAndDeletedPerNamespace_P45() async throws {
        let note = try await harness.note("Extended")
        let id = note["id"]?.string ?? ""
        let put = try await harness.send("PUT", "/items/\(id)/extensions/acme", body: ["color": "red", "n": 3])
        XCTAssertEqual(put.status, 200)
        XCTAssertEqual(put.object["extensions"], ["acme": ["color": "red", "n": 3]])
        let one = try await harness.send("GET", "/items/\(id)/extensions/acme")
        XCTAssertEqual(one.object["namespace"], "acme")
        XCTAssertEqual(one.object["data"], ["color": "red", "n": 3])
        let none = try await harness.send("GET", "/items/\(id)/extensions/other")
        XCTAssertEqual(none.object["data"], .null)
        let reserved = try await harness.send("PUT", "/items/\(id)/extensions/core", body: ["x": 1])
        XCTAssertEqual(reserved.status, 403)
        XCTAssertEqual(reserved.errorCode, "forbidden")
        let limited = try await harness.instance.mintKey(KeyGrants(types: ["*": .write], extensions: ["mine": .write]))
        let ungranted = try await harness.send(
            "PUT", "/items/\(id)/extensions/acme", body: ["x": 1], key: .some(limited))
        XCTAssertEqual(ungranted.details["grant"], ["kind": "extension", "name": "acme", "level": "write"])
        let deleted = try await harness.send("DELETE", "/items/\(id)/extensions/acme")
        XCTAssertEqual(deleted.object["extensions"], [:])
        let listed = try await harness.send("GET", "/items/\(id)/extensions")
        XCTAssertEqual(listed.object["extensions"], [:])
    }

    func testAnEdgeIsCreatedAtVersionOneAndARepeatedIdIsAcknowledged_P46() async throws {
        let a = try await harness.note("A")["id"]?.string ?? ""
        let b = try await harness.note("B")["id"]?.string ?? ""
        let c = try await harness.note("C")["id"]?.string ?? ""
        let id = ItemID.make()
        let created = try await edge(a, b, "about", id: id)
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.object["edge"]?.object?["version"], 1)
        XCTAssertEqual(created.object["edge"]?.object?["id"]?.string, id)
        let repeated = try await edge(a, b, "about", id: id)
        XCTAssertEqual(repeated.status, 200)
        XCTAssertEqual(repeated.object["acknowledged"], true)
        let reused = try await edge(a, c, "about", id: id)
        XCTAssertEqual(reused.status, 409)
        XCTAssertEqual(reused.errorCode, "id_reused")
    }

    func testEdgeRefusalsFollowTheSharedRules_P46_P90_P91() async throws {
        let a = try await harness.note("A")["id"]?.string ?? ""
        let b = try await harness.note("B")["id"]?.string ?? ""
        let c = try await harness.note("C")["id"]?.string ?? ""
        _ = try await edge(a, b, "parent-of")
        _ = try await edge(a, c, "about")
        let cases: [(String, String, String, Int, String, String?)] = [
            (a, a, "about", 400, "edge_cycle", nil),
            (c, b, "parent-of", 400, "edge_constraint_violation", "cardinality"),
            (b, a, "parent-of", 400, "edge_cycle", nil),
            (a, c, "about", 400, "edge_constraint_violation", "duplicate"),
            (a, b, "in-collection", 400, "edge_constraint_violation", nil),
            (a, ItemID.make(), "about", 404, "item_not_found", nil),
            (ItemID.make(), a, "about", 404, "item_not_found", nil),
            (a, b, "comments-on", 404, "edge_type_not_found", nil),
            (a, "bad", "about", 400, "invalid_id", nil),
        ]
        for (source, target, type, status, code, constraint) in cases {
            let answer = try await edge(source, target, type)
            XCTAssertEqual(answer.status, status, "\(type) \(code)")
            XCTAssertEqual(answer.errorCode, code, "\(type)")
            if let constraint { XCTAssertEqual(answer.details["constraint"]?.string, constraint) }
        }
        let missing = try await harness.send("POST", "/edges", body: ["source_id": .string(a), "edge_type": "about"])
        XCTAssertEqual(missing.errorCode, "missing_required_field")
        let folder = try await edge(a, b, "in-folder")
        XCTAssertEqual(folder.status, 400, "in-folder needs a folder target and a path")
        let noGrant = try await harness.instance.mintKey(KeyGrants(types: ["*": .write], edgeTypes: ["about": .read]))
        let denied = try await harness.send(
            "POST", "/edges", body: ["source_id": .string(b), "target_id": .string(c), "edge_type": "about"],
            key: .some(noGrant))
        XCTAssertEqual(denied.errorCode, "edge_permission_denied")
        XCTAssertEqual(denied.details["edge_type"], "about")
    }

    func testAnEdgeUpdateNeedsTheExactVersionMergesPropertiesAndMovesOneEnd_P47_V11() async throws {
        let a = try await harness.note("A")["id"]?.string ?? ""
        let b = try await harness.note("B")["id"]?.string ?? ""
        let thread = try await harness.note("Thread")["id"]?.string ?? ""
        let other = try await harness.note("Other thread")["id"]?.string ?? ""
        let created = try await harness.send(
            "POST", "/edges",
            body: [
                "source_id": .string(a), "target_id": .string(thread), "edge_type": "in-thread",
                "properties": ["position": 1],
            ])
        let id = created.object["edge"]?.object?["id"]?.string ?? ""
        let stale = try await harness.send(
            "PATCH", "/edges/\(id)?", body: ["version": 5, "properties": ["position": 2]])
        XCTAssertEqual(stale.status, 409)
        XCTAssertEqual(stale.errorCode, "version_conflict")
        XCTAssertEqual(stale.object["current"]?.object?["id"]?.string, id)
        XCTAssertNil(stale.object["ancestor"])
        XCTAssertNil(stale.object["conflicting_fields"])
        let noVersion = try await harness.send("PATCH", "/edges/\(id)", body: ["properties": ["position": 2]])
        XCTAssertEqual(noVersion.errorCode, "missing_required_field")
        let nothing = try await harness.send("PATCH", "/edges/\(id)", body: ["version": 1])
        XCTAssertEqual(nothing.errorCode, "missing_required_field")
        let both = try await harness.send(
            "PATCH", "/edges/\(id)", body: ["version": 1, "source_id": .string(b), "target_id": .string(other)])
        XCTAssertEqual(both.errorCode, "validation_error")
        let manySide = try await harness.send("PATCH", "/edges/\(id)", body: ["version": 1, "source_id": .string(b)])
        XCTAssertEqual(manySide.errorCode, "validation_error", "in-thread is many-to-one: the source cannot move")
        let moved = try await harness.send(
            "PATCH", "/edges/\(id)", body: ["version": 1, "target_id": .string(other), "properties": ["position": 2]])
        XCTAssertEqual(moved.status, 200)
        XCTAssertEqual(moved.object["edge"]?.object?["target_id"]?.string, other)
        XCTAssertEqual(moved.object["edge"]?.object?["version"], 2)
        XCTAssertEqual(moved.object["edge"]?.object?["properties"], ["position": 2])
        let badProperty = try await harness.send(
            "PATCH", "/edges/\(id)", body: ["version": 2, "properties": ["position": "first"]])
        XCTAssertEqual(badProperty.errorCode, "invalid_properties")
        let deleted = try await harness.send("DELETE", "/edges/\(id)")
        XCTAssertEqual(deleted.object["ok"], true)
        let gone = try await harness.send("DELETE", "/edges/\(id)")
        XCTAssertEqual(gone.errorCode, "edge_not_found")
        let malformed = try await harness.send("PATCH", "/edges/nope", body: ["version": 1])
        XCTAssertEqual(malformed.errorCode, "edge_not_found")
    }

    func testPatchingAnItemsEdgesReplacesThemPerNamedType_P38() async throws {
        let a = try await harness.note("A")["id"]?.string ?? ""
        let b = try await harness.note("B")["id"]?.string ?? ""
        let c = try await harness.note("C")["id"]?.string ?? ""
        _ = try await edge(a, b, "references")
        _ = try await edge(a, c, "about")
        let replaced = try await harness.send(
            "PATCH", "/items/\(a)", body: ["version": 1, "edges": ["references": [.string(c)]]])
        XCTAssertEqual(replaced.status, 200)
        XCTAssertEqual(replaced.item["version"], 2)
        let edges = try await harness.send("GET", "/items/\(a)/edges")
        let pairs = Set(
            edges.data.compactMap { row -> String? in
                guard let object = row.object else { return nil }
                return "\(object["edge_type"]?.string ?? "")>\(object["target_id"]?.string ?? "")"
            })
        XCTAssertEqual(pairs, ["references>\(c)", "about>\(c)"])
        let cleared = try await harness.send("PATCH", "/items/\(a)", body: ["version": 2, "edges": ["about": []]])
        XCTAssertEqual(cleared.status, 200)
        let after = try await harness.send("GET", "/items/\(a)/edges?edge_type=about")
        XCTAssertEqual(after.data.count, 0)
        let backrefs = try await harness.send("GET", "/items/\(c)/backrefs")
        XCTAssertEqual(backrefs.data.count, 1)
    }
}
