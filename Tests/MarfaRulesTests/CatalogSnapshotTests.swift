import XCTest

@testable import MarfaRules

final class CatalogSnapshotTests: XCTestCase {
    private let catalog = BuiltInCatalog.snapshot

    func testTheBuiltInCatalogHoldsEveryShippedTypeAndEdgeType_P86_P89() {
        XCTAssertEqual(
            catalog.itemTypes.map(\.id),
            [
                "core.bookmark", "core.entity", "core.entity.person", "core.entity.place", "core.event", "core.file",
                "core.file.audio", "core.file.image", "core.file.video", "core.highlight", "core.media",
                "core.media.album", "core.media.article", "core.media.book", "core.media.episode", "core.media.film",
                "core.media.series", "core.media.song", "core.message", "core.note", "core.task", "system.connection",
                "system.folder",
            ])
        XCTAssertEqual(
            catalog.edgeTypes.map(\.id),
            [
                "about", "attached-to", "authored-by", "derived-from", "in-collection", "in-folder", "in-thread",
                "parent-of", "references", "supersedes",
            ])
        XCTAssertNil(catalog.edgeType("comments-on"), "comments-on is not shipped (P-94)")
        XCTAssertTrue(catalog.edgeTypes.allSatisfy(\.shipped))
    }

    func testTitleAndBodyFieldsFollowTheNearestHints_F017_P84() {
        let expected: [(String, String?, String?)] = [
            ("core.note", "title", "body"), ("core.task", "title", "body"), ("core.event", "title", "description"),
            ("core.message", nil, "body"), ("core.highlight", "text", "note"), ("core.entity.person", "name", nil),
            ("core.file.image", "title", nil), ("core.media.article", "title", "body"),
            ("system.folder", "title", "body"), ("core.note.draft", "title", "body"),
            ("app.acme.thing", "title", "body"),
            ("core", "title", "body"),
        ]
        for (type, title, body) in expected {
            XCTAssertEqual(catalog.titleField(of: type), title, type)
            XCTAssertEqual(catalog.bodyField(of: type), body, type)
        }
    }

    func testHintsComeWholeFromTheNearestTypeDeclaringAny_P83() {
        let snapshot = CatalogSnapshot(
            itemTypes: catalog.itemTypes + [
                ItemType(id: "app.acme.memo", parent: "core.note", bodyField: "text"),
                ItemType(id: "app.acme.memo-draft", parent: "app.acme.memo"),
            ],
            edgeTypes: [])
        XCTAssertNil(snapshot.titleField(of: "app.acme.memo"), "a type naming only its body has no title field")
        XCTAssertEqual(snapshot.bodyField(of: "app.acme.memo"), "text")
        XCTAssertNil(snapshot.titleField(of: "app.acme.memo-draft"))
        XCTAssertEqual(snapshot.bodyField(of: "app.acme.memo-draft"), "text")
    }

    func testSubtypesMatchByNamePrefixAndByDeclaredParent_F031() {
        let snapshot = CatalogSnapshot(
            itemTypes: catalog.itemTypes + [
                ItemType(id: "app.acme.memo", parent: "core.note"),
                ItemType(id: "app.loop.one", parent: "app.loop.two"),
                ItemType(id: "app.loop.two", parent: "app.loop.one"),
            ],
            edgeTypes: [])
        XCTAssertTrue(snapshot.isType("core.media.book", within: "core.media"))
        XCTAssertTrue(snapshot.isType("core.media", within: "core.media"))
        XCTAssertTrue(snapshot.isType("core.media.book.signed", within: "core.media"), "an unknown id under it")
        XCTAssertFalse(snapshot.isType("core.mediaeval", within: "core.media"))
        XCTAssertFalse(snapshot.isType("core.media", within: "core.media.book"))
        XCTAssertTrue(snapshot.isType("app.acme.memo", within: "core.note"))
        XCTAssertTrue(snapshot.isType("app.acme.memo", within: "core"))
        XCTAssertFalse(snapshot.isType("app.loop.one", within: "core.note"), "a parent cycle ends the walk")
        XCTAssertTrue(snapshot.isType("app.loop.one", within: "app.loop.two"))
        XCTAssertTrue(snapshot.isType("app.acme.memo", matching: "app.*"), "a namespace pattern")
        XCTAssertFalse(snapshot.isType("apple.memo", matching: "app.*"), "a pattern ends at its dot")
        XCTAssertFalse(snapshot.isType("app.acme.memo", matching: "core.*"), "by name only, not by parent")
        XCTAssertTrue(snapshot.isType("app.acme.memo", matching: "core.note"), "a type id takes its subtree")
    }

    func testFieldsInheritThroughParentsAndKeepTheirDeclaringType_P83() {
        guard let person = catalog.itemType("core.entity.person"), let article = catalog.itemType("core.media.article")
        else { return XCTFail("missing shipped types") }
        let byName = Dictionary(uniqueKeysWithValues: person.fields.map { ($0.name, $0) })
        XCTAssertEqual(byName["name"]?.declaredBy, "core.entity")
        XCTAssertEqual(byName["name"]?.required, true)
        XCTAssertEqual(byName["given_name"]?.declaredBy, "core.entity.person")
        XCTAssertEqual(person.fields.map(\.name), person.fields.map(\.name).sorted(), "fields come in name order")
        let body = article.fields.first { $0.name == "body" }
        XCTAssertEqual(body?.required, true, "a subtype may tighten a field to required")
        XCTAssertEqual(body?.declaredBy, "core.media.article")
        XCTAssertEqual(article.fields.first { $0.name == "author" }?.declaredBy, "core.media")
    }

    func testARedeclaredUnchangedFieldStaysTheAncestors_P83() {
        let snapshot = CatalogSnapshot(
            itemTypes: catalog.itemTypes + [
                ItemType(
                    id: "app.acme.memo", parent: "core.note",
                    fields: [
                        TypeField(name: "title", type: "string", declaredBy: "app.acme.memo"),
                        TypeField(name: "mood", type: "string", declaredBy: "app.acme.memo"),
                    ])
            ],
            edgeTypes: [])
        let fields = snapshot.itemType("app.acme.memo")?.fields ?? []
        XCTAssertEqual(fields.first { $0.name == "title" }?.declaredBy, "core.note")
        XCTAssertEqual(fields.first { $0.name == "mood" }?.declaredBy, "app.acme.memo")
        XCTAssertEqual(fields.map(\.name), ["body", "language", "mood", "notes", "title"])
    }

    func testRolesAreInheritedAndMeetRoleConstraints_P88() {
        let snapshot = CatalogSnapshot(
            itemTypes: catalog.itemTypes + [ItemType(id: "app.acme.playlist", parent: "core.media.album")],
            edgeTypes: catalog.edgeTypes)
        XCTAssertEqual(snapshot.itemType("app.acme.playlist")?.roles, ["container"])
        XCTAssertTrue(snapshot.satisfies("app.acme.playlist", constraints: ["role:container"]))
        XCTAssertTrue(snapshot.satisfies("core.media.series", constraints: ["role:container"]))
        XCTAssertFalse(snapshot.satisfies("core.media.book", constraints: ["role:container"]))
        XCTAssertTrue(snapshot.satisfies("core.entity.place", constraints: ["core.task", "core.entity"]))
        XCTAssertTrue(snapshot.satisfies("app.unknown.type", constraints: ["*"]))
        XCTAssertTrue(snapshot.satisfies("app.unknown.type", constraints: []))
        XCTAssertFalse(snapshot.satisfies("app.unknown.type", constraints: ["app.unknown"]), "fails closed")
    }

    func testEdgeTypesCarryLabelsAndFlags_F021() {
        let parentOf = catalog.edgeType("parent-of")
        XCTAssertEqual(parentOf?.label, "Parent of")
        XCTAssertEqual(parentOf?.reverseName, "child-of")
        XCTAssertEqual(parentOf?.reverseLabel, "Child of")
        XCTAssertEqual(parentOf?.cardinality, .oneToMany)
        XCTAssertEqual(parentOf?.writtenAt, .target)
        XCTAssertEqual(parentOf?.cascadeOnDelete, .cascade)
        XCTAssertEqual(parentOf?.isAcyclic, true)
        XCTAssertEqual(catalog.edgeType("references")?.reverseLabel, "References", "no reverse: the label")
        XCTAssertEqual(catalog.edgeType("attached-to")?.reverseLabel, "Has attachment")
        XCTAssertEqual(catalog.edgeType("attached-to")?.withHosts, true)
        XCTAssertEqual(catalog.edgeType("in-collection")?.isFlat, true)
        XCTAssertEqual(catalog.edgeType("supersedes")?.isAcyclic, true)
        XCTAssertEqual(catalog.edgeTypes.filter(\.isAcyclic).map(\.id), ["parent-of", "supersedes"])
        XCTAssertEqual(catalog.edgeTypes.filter(\.isFlat).map(\.id), ["in-collection"])
        XCTAssertEqual(catalog.edgeTypes.filter(\.withHosts).map(\.id), ["attached-to"])
        XCTAssertEqual(catalog.edgeType("in-folder")?.properties.first?.required, true)
        XCTAssertEqual(EdgeType(id: "comments-on", cardinality: .manyToOne).withHosts, true)
    }

    func testCardinalitiesLimitTheirEnds_P90() {
        XCTAssertEqual(EdgeCardinality.allCases.map(\.limitsSource), [true, false, true, false])
        XCTAssertEqual(EdgeCardinality.allCases.map(\.limitsTarget), [true, true, false, false])
    }
}
