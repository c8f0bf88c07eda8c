import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The device command line answers the catalog in device-cli.md's ItemType and EdgeType shapes.
final class CatalogCommandTests: XCTestCase {
    /// Makes the store with one queued write: a read on a path holding no store is `no_store` (issue 26 point 5).
    private func makeStore(at store: URL) throws {
        let created = try runMarfa([
            "--json", "device", "--db", store.path, "items", "create", "--type", "core.note", "--properties", "{}",
        ])
        XCTAssertEqual(created.status, 0, created.stderr)
    }

    func testTypesGetAnswersTheItemTypeShapeWithFieldsAsAList() throws {
        let store = freshStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        try makeStore(at: store)
        let result = try runMarfa(["--json", "device", "--db", store.path, "types", "get", "core.note"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let type = try XCTUnwrap(try JSONValue(json: result.stdout).object)
        XCTAssertEqual(type["id"], .string("core.note"))
        XCTAssertEqual(type["title_field"], .string("title"))
        XCTAssertNotNil(type["body_field"])
        XCTAssertNotNil(type["link_field"])
        XCTAssertNotNil(type["parent"])
        let fields = try XCTUnwrap(type["fields"]?.array)
        let title = try XCTUnwrap(fields.first { $0.object?["name"] == .string("title") }?.object)
        XCTAssertEqual(title["type"], .string("string"))
        XCTAssertEqual(title["declared_by"], .string("core.note"))
        XCTAssertEqual(title["required"], .bool(false))
        XCTAssertEqual(title["definition"]?.object?["type"], .string("string"))
    }

    func testEdgeTypesListAnswersTheEdgeTypeShape() throws {
        let store = freshStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        try makeStore(at: store)
        let result = try runMarfa(["--json", "device", "--db", store.path, "edge-types", "list"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let types = try XCTUnwrap(try JSONValue(json: result.stdout).array)
        let parentOf = try XCTUnwrap(types.first { $0.object?["id"] == .string("parent-of") }?.object)
        XCTAssertEqual(parentOf["cardinality"], .string("one-to-many"))
        for key in ["label", "description", "reverse_name", "written_at", "source_type_constraints",
                    "target_type_constraints", "cascade_on_delete", "shipped"] {
            XCTAssertNotNil(parentOf[key], key)
        }
        XCTAssertNotNil(parentOf["properties"]?.array)
    }
}
