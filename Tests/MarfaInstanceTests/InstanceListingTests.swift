import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// `GET /items` and the reads beside it (P-13, P-22 to P-26, P-58, P-95.4, P-95.5, P-95.10).
final class InstanceListingTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness.start()
    }

    override func tearDown() async throws {
        await harness.finish()
    }

    private func walk(_ target: String, key: String? = nil) async throws -> [JSONValue] {
        var rows: [JSONValue] = []
        var cursor: String?
        var seen: Set<String> = []
        repeat {
            let separator = target.contains("?") ? "&" : "?"
            let encoded = cursor.map { "\(separator)cursor=\($0)" } ?? ""
            let page = try await harness.send("GET", target + encoded, key: .some(key))
            XCTAssertEqual(page.status, 200, String(decoding: page.body, as: UTF8.self))
            XCTAssertTrue(page.object.keys.contains("next_cursor"), "the cursor is always present")
            rows += page.data
            cursor = page.nextCursor
            if let cursor { XCTAssertTrue(seen.insert(cursor).inserted, "a cursor never repeats") }
        } while cursor != nil
        return rows
    }

    func testPagesWalkEveryRowOnceNewestFirstToANullCursor_P13_P96() async throws {
        var ids: [String] = []
        for number in 0..<7 { ids.append(try await harness.note("Note \(number)")["id"]?.string ?? "") }
        let rows = try await walk("/items?limit=3")
        XCTAssertEqual(rows.compactMap { $0.object?["id"]?.string }, ids.reversed(), "created_at desc by default")
        let full = try await harness.send("GET", "/items?limit=7")
        XCTAssertEqual(full.data.count, 7)
        XCTAssertNil(full.nextCursor, "null on the last page, even a full one")
        let first = try await harness.send("GET", "/items?limit=2")
        let ascending = try await harness.send("GET", "/items?limit=2&direction=asc")
        XCTAssertEqual(ascending.data.first?.object?["id"]?.string, ids.first)
        let foreign = try await harness.send("GET", "/items?limit=2&state=any&cursor=\(first.nextCursor ?? "")")
        XCTAssertEqual(foreign.status, 400, "a cursor is valid only for the listing that issued it")
        let garbage = try await harness.send("GET", "/items?cursor=zzz")
        XCTAssertEqual(garbage.errorCode, "validation_error")
        for limit in ["0", "201", "x"] {
            let refused = try await harness.send("GET", "/items?limit=\(limit)")
            XCTAssertEqual(refused.status, 400, limit)
        }
    }

    func testAListedPageIsTheItemReadsOwnBytesInOrder_P22_P55_P56_P58() async throws {
        let plain = try await harness.note("Plain \"quoted\" text \u{e9}\u{1F600}", body: "line\nbreak")
        let placed = try await harness.send(
            "POST", "/items",
            body: [
                "type": "core.note", "properties": ["title": "Placed", "body": "b"], "source_id": "ext-1",
                "capture_latitude": 1.5, "capture_longitude": -2, "tags": ["b", "a"], "tier": "feed",
            ])
        XCTAssertEqual(placed.status, 201, String(decoding: placed.body, as: UTF8.self))
        let placedId = placed.item["id"]?.string ?? ""
        let plainId = plain["id"]?.string ?? ""
        let put = try await harness.send("PUT", "/items/\(placedId)/extensions/acme", body: ["color": "red", "n": 3])
        XCTAssertEqual(put.status, 200, String(decoding: put.body, as: UTF8.self))
        let edge = try await harness.send(
            "POST", "/edges",
            body: ["source_id": .string(placedId), "target_id": .string(plainId), "edge_type": "about"])
        XCTAssertEqual(edge.status, 201, String(decoding: edge.body, as: UTF8.self))
        var reads: [String] = []
        for id in [placedId, plainId] {
            let read = try await harness.send("GET", "/items/\(id)?include=extensions")
            XCTAssertEqual(read.status, 200)
            reads.append(String(decoding: read.body, as: UTF8.self))
        }
        XCTAssertTrue(reads[0].contains("capture_longitude") && reads[0].contains("\"edges\":{\"about\""), reads[0])
        let page = try await harness.send("GET", "/items?state=any&include=edges,metadata,extensions&limit=200")
        XCTAssertEqual(
            String(decoding: page.body, as: UTF8.self),
            #"{"data":["# + reads.joined(separator: ",") + #"],"next_cursor":null}"#,
            "each row is written as the item read writes its {item, metadata}, keys sorted, newest first")
        let bare = try await harness.send("GET", "/items?limit=1")
        var item = try JSONValue(json: reads[0]).object?["item"]?.object ?? [:]
        item["edges"] = nil
        item["extensions"] = nil
        let expected = try JSONValue.object(item).json()
        XCTAssertTrue(
            String(decoding: bare.body, as: UTF8.self).hasPrefix(#"{"data":["# + expected + #"],"next_cursor":""#),
            "without metadata a row is the bare item, with no edges member: "
                + String(decoding: bare.body, as: UTF8.self))
    }

    func testTypeSelectsASubtreeOrANamespaceAndRefusesStarsAndStrangers_P22() async throws {
        for (type, title) in [("core.entity", "E"), ("core.entity.person", "P"), ("core.media.book", "B")] {
            let answer = try await harness.send(
                "POST", "/items",
                body: ["type": .string(type), "properties": ["name": .string(title), "title": .string(title)]])
            XCTAssertEqual(answer.status, 201, String(decoding: answer.body, as: UTF8.self))
        }
        let entities = try await harness.send("GET", "/items?type=core.entity")
        XCTAssertEqual(
            Set(entities.data.compactMap { $0.object?["type"]?.string }), ["core.entity", "core.entity.person"])
        let core = try await harness.send("GET", "/items?type=core.*")
        XCTAssertEqual(core.data.count, 3)
        let star = try await harness.send("GET", "/items?type=*")
        XCTAssertEqual(star.errorCode, "validation_error")
        let unknown = try await harness.send("GET", "/items?type=core.nothing")
        XCTAssertEqual(unknown.errorCode, "unknown_type")
    }

    func testStateTierSourceAndTagsNarrowTheListing_P22_P43() async throws {
        let kept = try await harness.note("Kept")
        let binned = try await harness.note("Binned")
        _ = try await harness.send(
            "POST", "/items", body: ["type": "core.note", "properties": ["body": "f"], "tier": "feed"])
        _ = try await harness.send("DELETE", "/items/\(binned["id"]?.string ?? "")?version=1")
        _ = try await harness.send("POST", "/items/\(kept["id"]?.string ?? "")/tags", body: ["tags": ["x", "y"]])
        let active = try await harness.send("GET", "/items")
        XCTAssertEqual(active.data.count, 2, "the bin is hidden by default")
        let bin = try await harness.send("GET", "/items?state=trashed")
        XCTAssertEqual(bin.data.compactMap { $0.object?["id"] }, [binned["id"]].compactMap { $0 })
        let any = try await harness.send("GET", "/items?state=any")
        XCTAssertEqual(any.data.count, 3)
        let feed = try await harness.send("GET", "/items?tier=feed")
        XCTAssertEqual(feed.data.count, 1)
        let tagged = try await harness.send("GET", "/items?tags=x,y")
        XCTAssertEqual(tagged.data.compactMap { $0.object?["id"] }, [kept["id"]].compactMap { $0 })
        let missingTag = try await harness.send("GET", "/items?tags=x,z")
        XCTAssertEqual(missingTag.data.count, 0)
        let source = try await harness.send("GET", "/items?source=elsewhere")
        XCTAssertEqual(source.data.count, 0)
    }

    func testATitleLookupFindsNotesByAContainsFilterFoldingAsciiCase_P26() async throws {
        let target = try await harness.note("Middlemarch, by George Eliot")
        _ = try await harness.note("Bleak House")
        let answer = try await harness.send(
            "GET", "/items?filter=properties.title%20contains%20%22middlemarch%22&state=any&include=metadata&limit=200")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.data.count, 1)
        XCTAssertEqual(answer.data.first?.object?["item"]?.object?["id"], target["id"])
        XCTAssertNotNil(answer.data.first?.object?["metadata"]?.object?["tags"])
    }

    func testFiltersAnswerTheGrammarAndRefuseWhatTheInstanceRefuses_P72_P95() async throws {
        let a = try await harness.note("A", extra: ["notes": "x"])
        let b = try await harness.note("B")
        _ = try await harness.send("POST", "/items/\(b["id"]?.string ?? "")/tags", body: ["tags": ["t"]])
        _ = try await harness.send(
            "POST", "/edges", body: ["source_id": a["id"] ?? nil, "target_id": b["id"] ?? nil, "edge_type": "about"])
        func ids(_ filter: String) async throws -> [String] {
            let encoded = filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = try await harness.send("GET", "/items?filter=\(encoded)")
            XCTAssertEqual(answer.status, 200, filter)
            return answer.data.compactMap { $0.object?["id"]?.string }
        }
        let idOfA = a["id"]?.string ?? ""
        let idOfB = b["id"]?.string ?? ""
        let exists = try await ids("properties.notes exists")
        XCTAssertEqual(exists, [idOfA])
        let equal = try await ids("properties.title eq \"B\"")
        XCTAssertEqual(equal, [idOfB])
        let tags = try await ids("tags contains \"t\"")
        XCTAssertEqual(tags, [idOfB])
        let edge = try await ids("edge[about] eq \"\(idOfB)\"")
        XCTAssertEqual(edge, [idOfA])
        let backref = try await ids("backref[about] exists")
        XCTAssertEqual(backref, [idOfB])
        let shorthand = try await harness.send("GET", "/items?edge[about]=\(idOfB)")
        XCTAssertEqual(shorthand.data.compactMap { $0.object?["id"]?.string }, [idOfA])
        for refused in ["title eq \"x\"", "part eq true", "properties.title eq null", "a eq 1 AND b eq 2 OR c eq 3"] {
            let encoded = refused.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = try await harness.send("GET", "/items?filter=\(encoded)")
            XCTAssertEqual(answer.status, 400, refused)
            XCTAssertEqual(answer.errorCode, "validation_error", refused)
        }
    }

    func testAPropertySortPutsNumbersFirstThenStringsThenTheRestEitherWay_P75() async throws {
        let values: [JSONValue] = ["b", 2, "a", .null, 1.5, true]
        var ids: [JSONValue: String] = [:]
        for value in values {
            var properties: JSONObject = ["body": "x"]
            if !value.isNull { properties["rank"] = value }
            let answer = try await harness.send(
                "POST", "/items", body: ["type": "core.note", "properties": .object(properties)])
            ids[value] = answer.item["id"]?.string
        }
        let ascending = try await walk("/items?sort=properties.rank&direction=asc&limit=2")
        XCTAssertEqual(
            ascending.compactMap { $0.object?["id"]?.string }, [true, 1.5, 2, "a", "b", .null].compactMap { ids[$0] })
        let descending = try await walk("/items?sort=properties.rank&direction=desc&limit=4")
        XCTAssertEqual(
            descending.compactMap { $0.object?["id"]?.string }, ["b", "a", 2, 1.5, true, .null].compactMap { ids[$0] })
    }

    func testHydratedEdgeBlocksHoldFiftyAndContinueAtTheItemsEdges_P22_P24_P58() async throws {
        let hub = try await harness.note("Hub")
        let hubId = hub["id"]?.string ?? ""
        var targets: Set<String> = []
        for number in 0..<57 {
            let target = try await harness.note("T\(number)")
            let id = target["id"]?.string ?? ""
            targets.insert(id)
            let edge = try await harness.send(
                "POST", "/edges",
                body: ["source_id": .string(hubId), "target_id": .string(id), "edge_type": "references"])
            XCTAssertEqual(edge.status, 201)
        }
        let listed = try await harness.send(
            "GET", "/items?type=core.note&state=any&tier=all&include=edges,metadata&limit=200")
        let row = try XCTUnwrap(listed.data.first { $0.object?["item"]?.object?["id"]?.string == hubId }?.object)
        let block = try XCTUnwrap(row["item"]?.object?["edges"]?.object?["references"]?.object)
        let first = block["data"]?.array ?? []
        XCTAssertEqual(first.count, 50)
        let cursor = try XCTUnwrap(block["next_cursor"]?.string)
        let rest = try await walk("/items/\(hubId)/edges?edge_type=references&limit=200&cursor=\(cursor)")
        XCTAssertEqual(rest.count, 7)
        let all = (first + rest).compactMap { $0.object?["target_id"]?.string }
        XCTAssertEqual(Set(all), targets)
        XCTAssertEqual(all.count, 57, "no edge twice")
        let globally = try await walk("/edges?edge_type=references&limit=20")
        XCTAssertEqual(globally.count, 57)
        let single = try await harness.send("GET", "/edges/\(first.first?.object?["id"]?.string ?? "")")
        XCTAssertEqual(single.object["edge"]?.object?["source_id"]?.string, hubId)
        let missing = try await harness.send("GET", "/edges/not-a-uuid")
        XCTAssertEqual(missing.errorCode, "edge_not_found")
    }

    func testANarrowedKeySeesItsTypesOnlyAndIsRefusedWritesWithTheGrant_P95_10() async throws {
        let note = try await harness.note("Visible")
        let task = try await harness.send(
            "POST", "/items", body: ["type": "core.task", "properties": ["title": "Hidden"]])
        let key = try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let listed = try await harness.send("GET", "/items", key: .some(key))
        XCTAssertEqual(listed.data.compactMap { $0.object?["id"] }, [note["id"]].compactMap { $0 })
        let hidden = try await harness.send("GET", "/items/\(task.item["id"]?.string ?? "")", key: .some(key))
        XCTAssertEqual(hidden.status, 404)
        XCTAssertEqual(hidden.errorCode, "item_not_found")
        let write = try await harness.send(
            "PATCH", "/items/\(note["id"]?.string ?? "")", body: ["version": 1, "properties": ["title": "x"]],
            key: .some(key))
        XCTAssertEqual(write.status, 403)
        XCTAssertEqual(write.errorCode, "type_not_permitted")
        XCTAssertEqual(write.details["grant"], ["kind": "type", "name": "core.note", "level": "write"])
        let typed = try await harness.send("GET", "/items?type=core.task", key: .some(key))
        XCTAssertEqual(typed.status, 403)
        XCTAssertEqual(typed.errorCode, "type_not_permitted")
        let create = try await harness.send(
            "POST", "/items", body: ["type": "core.note", "properties": ["body": "x"]], key: .some(key))
        XCTAssertEqual(create.status, 403)
    }

    func testAnItemReadHydratesEdgesAndMetadataAndMayAddVersions_P23() async throws {
        let note = try await harness.note("Read me")
        let id = note["id"]?.string ?? ""
        _ = try await harness.send("PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "Read me 2"]])
        let answer = try await harness.send("GET", "/items/\(id)?include=edges,metadata,versions")
        XCTAssertEqual(answer.status, 200)
        XCTAssertNotNil(answer.item["edges"]?.object)
        XCTAssertEqual(answer.object["metadata"]?.object?["item_id"]?.string, id)
        XCTAssertEqual(answer.object["versions"]?.array?.count, 1)
        let malformed = try await harness.send("GET", "/items/NOPE")
        XCTAssertEqual(malformed.errorCode, "invalid_id")
        let missing = try await harness.send("GET", "/items/\(ItemID.make())")
        XCTAssertEqual(missing.errorCode, "item_not_found")
    }

    func testTheCatalogListsOwnDeclarationsAndResolvesOneTypeThroughItsParents_P19_P20_V8() async throws {
        let types = try await harness.send("GET", "/types")
        XCTAssertEqual(types.status, 200)
        XCTAssertEqual(types.object["next_cursor"], .null, "the registry never pages")
        let person = try XCTUnwrap(types.data.first { $0.object?["id"] == "core.entity.person" }?.object)
        XCTAssertEqual(person["parent"], "core.entity")
        XCTAssertNil(person["fields"]?.object?["name"], "the list shows only the type's own fields")
        let resolved = try await harness.send("GET", "/types/core.entity.person")
        XCTAssertNotNil(resolved.object["fields"]?.object?["name"])
        XCTAssertEqual(resolved.object["display_hints"]?.object?["title_field"], "name")
        let note = try await harness.send("GET", "/types/core.note")
        XCTAssertEqual(
            note.object["merge_policy"],
            ["fields": ["body": "keep_both_copies", "notes": "keep_both_copies"], "default": "last_writer_wins"])
        let book = try await harness.send("GET", "/types/core.media.book")
        XCTAssertEqual(book.object["merge_policy"]?.object?["fields"]?.object?["body"], "keep_both_copies")
        let unknown = try await harness.send("GET", "/types/core.nope")
        XCTAssertEqual(unknown.errorCode, "type_not_found")
        let edgeTypes = try await harness.send("GET", "/edge-types")
        XCTAssertEqual(edgeTypes.data.count, 10)
        for row in edgeTypes.data {
            for member in [
                "id", "cardinality", "written_at", "source_type_constraints", "target_type_constraints",
                "cascade_on_delete", "property_schema", "shipped",
            ] {
                XCTAssertNotNil(row.object?[member], "\(row.object?["id"] ?? nil) lacks \(member)")
            }
        }
        let decoded = try types.data.map { try JSONDecoder().decode(ItemType.self, from: Data($0.jsonBytes())) }
        XCTAssertEqual(decoded.count, BuiltInCatalog.snapshot.itemTypes.count)
        let edgeDecoded = try edgeTypes.data.map { try JSONDecoder().decode(EdgeType.self, from: Data($0.jsonBytes())) }
        let served = CatalogSnapshot(itemTypes: decoded, edgeTypes: edgeDecoded)
        XCTAssertEqual(served, BuiltInCatalog.snapshot, "a copy reading the catalog rebuilds the shipped one")
    }
}
