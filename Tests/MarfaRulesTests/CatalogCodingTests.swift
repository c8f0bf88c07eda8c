import Foundation
import XCTest

@testable import MarfaRules

final class CatalogCodingTests: XCTestCase {
    private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    func testAnItemTypeReadsTheWireRecord_P83() throws {
        let type = try decode(
            ItemType.self,
            #"""
            {"id": "app.acme.memo", "parent": "core.note", "label": "Memo", "version": 3,
             "fields": {"mood": {"type": "enum", "enum_values": ["calm", "busy"], "required": true},
                        "body": {"type": "string", "description": "Text"}},
             "display_hints": {"body_field": "body"}, "roles": ["container"], "link_field": "memo_id",
             "compatible_with": ["app.acme.note"], "merge_policy": {"default": "last_writer_wins"}}
            """#)
        XCTAssertEqual(type.id, "app.acme.memo")
        XCTAssertEqual(type.parent, "core.note")
        XCTAssertEqual(type.version, 3)
        XCTAssertEqual(type.fields.map(\.name), ["body", "mood"])
        XCTAssertEqual(type.fields.last?.type, "enum")
        XCTAssertEqual(type.fields.last?.required, true)
        XCTAssertEqual(type.fields.last?.declaredBy, "app.acme.memo")
        XCTAssertEqual(type.fields.last?.definition["enum_values"], ["calm", "busy"])
        XCTAssertEqual(type.fields.first?.description, "Text")
        XCTAssertNil(type.titleField)
        XCTAssertEqual(type.bodyField, "body")
        XCTAssertEqual(type.linkField, "memo_id")
        XCTAssertEqual(type.roles, ["container"])
        XCTAssertEqual(type.compatibleWith, ["app.acme.note"])
        XCTAssertEqual(try roundTrip(type), type)
    }

    func testAMinimalItemTypeRecordReadsWithDefaults_P83() throws {
        let type = try decode(ItemType.self, #"{"id": "app.acme.bare"}"#)
        XCTAssertEqual(type, ItemType(id: "app.acme.bare"))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(type)) as? [String: Any]
        XCTAssertNil(encoded?["display_hints"], "no hints are written where none are declared")
        XCTAssertNotNil(encoded?["fields"])
    }

    func testAnEdgeTypeReadsTheWireRecordAndDerivesItsLabels_P88() throws {
        let edgeType = try decode(
            EdgeType.self,
            #"""
            {"id": "parent-of", "label": "Parent of", "cardinality": "one-to-many", "reverse_name": "child-of",
             "written_at": "target", "source_type_constraints": ["*"], "target_type_constraints": ["*"],
             "cascade_on_delete": "cascade", "property_schema": {}, "shipped": true}
            """#)
        XCTAssertEqual(edgeType, BuiltInCatalog.snapshot.edgeType("parent-of").map(withoutDescription))
        XCTAssertEqual(edgeType.reverseLabel, "Child of")
        XCTAssertEqual(try roundTrip(edgeType), edgeType)
        let custom = try decode(
            EdgeType.self,
            #"""
            {"id": "app.acme.blocks", "cardinality": "many-to-many", "property_schema": {"why": {"type": "string"}},
             "shipped": false}
            """#)
        XCTAssertEqual(custom.label, "App.acme.blocks")
        XCTAssertEqual(custom.reverseLabel, custom.label)
        XCTAssertEqual(custom.properties.map(\.name), ["why"])
        XCTAssertEqual(custom.properties.first?.declaredBy, "app.acme.blocks")
        XCTAssertFalse(custom.isFlat || custom.withHosts || custom.isAcyclic)
        XCTAssertThrowsError(try decode(EdgeType.self, #"{"id": "x", "cardinality": "some-to-some"}"#))
    }

    func testTheBuiltInCatalogRoundTripsThroughItsWireShape_P19_P20() throws {
        let snapshot = BuiltInCatalog.snapshot
        XCTAssertEqual(try roundTrip(snapshot), snapshot)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any]
        XCTAssertEqual((json?["types"] as? [Any])?.count, snapshot.itemTypes.count)
        XCTAssertEqual((json?["edge_types"] as? [Any])?.count, 10)
    }

    func testEdgeEnumsUseTheirWireWords_P88() throws {
        XCTAssertEqual(EdgeCardinality.allCases.map(\.rawValue), ["one-to-one", "one-to-many", "many-to-one",
                                                                  "many-to-many"])
        XCTAssertEqual(EdgeCascade.allCases.map(\.rawValue), ["cascade", "orphan", "block"])
        XCTAssertEqual(try roundTrip([EdgeEnd.source, .target]), [.source, .target])
    }

    private func withoutDescription(_ edgeType: EdgeType) -> EdgeType {
        EdgeType(
            id: edgeType.id, label: edgeType.label, reverseLabel: edgeType.reverseLabel,
            reverseName: edgeType.reverseName, cardinality: edgeType.cardinality, writtenAt: edgeType.writtenAt,
            sourceTypeConstraints: edgeType.sourceTypeConstraints,
            targetTypeConstraints: edgeType.targetTypeConstraints, cascadeOnDelete: edgeType.cascadeOnDelete,
            properties: edgeType.properties, shipped: edgeType.shipped)
    }
}
