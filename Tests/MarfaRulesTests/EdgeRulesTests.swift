import XCTest

@testable import MarfaRules

/// A small held graph the edge rules read, as the copy or the reference instance would answer.
struct EdgeRulesGraph: EdgeRuleContext {
    var catalog: CatalogSnapshot = EdgeRulesGraph.catalog
    var items: [String: EdgeEndRecord] = [:]
    var edges: [Edge] = []

    /// The built-in catalog plus a custom type and two custom edge types the scenarios need.
    static let catalog = CatalogSnapshot(
        itemTypes: BuiltInCatalog.snapshot.itemTypes + [
            ItemType(id: "app.acme.playlist", parent: "core.media.album", titleField: "title")
        ],
        edgeTypes: BuiltInCatalog.snapshot.edgeTypes + [
            EdgeType(id: "app.acme.assigned", cardinality: .manyToMany, sourceTypeConstraints: ["core.task"]),
            EdgeType(id: "app.acme.knows", cardinality: .manyToMany, targetTypeConstraints: ["core.entity"]),
        ])

    func end(_ id: String) throws(MarfaError) -> EdgeEndRecord? { items[id] }

    func edges(ofType edgeType: String, at end: EdgeEnd, of id: String) throws(MarfaError) -> [Edge] {
        edges.filter { $0.edgeType == edgeType && (end == .source ? $0.sourceId : $0.targetId) == id }
    }

    func with(_ id: String, _ type: String, _ state: ItemState = .active) -> EdgeRulesGraph {
        var graph = self
        graph.items[id] = EdgeEndRecord(type: type, state: state)
        return graph
    }

    func with(edge id: String, _ source: String, _ edgeType: String, _ target: String) -> EdgeRulesGraph {
        var graph = self
        graph.edges.append(
            Edge(
                id: id, sourceId: source, targetId: target, edgeType: edgeType, version: 1,
                createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z"))
        return graph
    }
}

final class EdgeRulesTests: XCTestCase {
    /// One scenario: a graph, a proposal, and the refusal expected (nil: accepted).
    private struct Scenario {
        let name: String
        let graph: EdgeRulesGraph
        let proposal: EdgeProposal
        let refusal: MarfaError?
        let line: UInt
    }

    private static let notes = EdgeRulesGraph().with("a", "core.note").with("b", "core.note").with("c", "core.note")

    private func scenario(
        _ name: String, _ graph: EdgeRulesGraph, _ source: String, _ edgeType: String, _ target: String,
        _ refusal: MarfaError?, line: UInt = #line
    ) -> Scenario {
        Scenario(
            name: name, graph: graph, proposal: EdgeProposal(sourceId: source, targetId: target, edgeType: edgeType),
            refusal: refusal, line: line)
    }

    private func violation(_ details: JSONObject) -> MarfaError {
        .validation(code: "edge_constraint_violation", message: "", details: .object(details))
    }

    private func cycle(_ details: JSONObject) -> MarfaError {
        .validation(code: "edge_cycle", message: "", details: .object(details))
    }

    private func notFound(_ code: String) -> MarfaError { .notFound(code: code, message: "") }

    /// The refusal with its message blanked, so scenarios compare code and details exactly.
    private func judged(_ scenario: Scenario) -> MarfaError? {
        do {
            try EdgeRules.judge(scenario.proposal, in: scenario.graph)
            return nil
        } catch {
            switch error {
            case .validation(let code, _, let details): return .validation(code: code, message: "", details: details)
            case .notFound(let code, _): return .notFound(code: code, message: "")
            default: return error
            }
        }
    }

    func testEachRuleAloneAnswersTheInstancesCodeAndDetails_F087_F088() {
        let notes = Self.notes
        let scenarios = [
            scenario("accepted", notes, "a", "references", "b", nil),
            scenario("source in bin", notes.with("a", "core.note", .trashed), "a", "references", "b",
                     notFound("item_not_found")),
            scenario("target in bin", notes.with("b", "core.note", .trashed), "a", "references", "b",
                     notFound("item_not_found")),
            scenario("archived ends are fine", notes.with("b", "core.note", .archived), "a", "references", "b", nil),
            scenario("unknown edge type", notes, "a", "comments-on", "b", notFound("edge_type_not_found")),
            scenario("self-edge on a type that allows cycles", notes, "a", "references", "a",
                     cycle(["edge_type": "references"])),
            scenario("target type", notes, "a", "in-folder", "b",
                     violation(["edge_type": "in-folder", "target_type": "core.note", "allowed": ["system.folder"]])),
            scenario("source type", notes, "a", "app.acme.assigned", "b",
                     violation(["edge_type": "app.acme.assigned", "source_type": "core.note",
                                "allowed": ["core.task"]])),
            scenario("role constraint refuses a type without the role", notes, "a", "in-collection", "b",
                     violation(["edge_type": "in-collection", "target_type": "core.note",
                                "allowed": ["role:container"]])),
            scenario("role constraint admits a type with it", notes.with("s", "core.media.series"), "a",
                     "in-collection", "s", nil),
            scenario("a subtype inherits the role", notes.with("p", "app.acme.playlist"), "a", "in-collection", "p",
                     nil),
            scenario("a subtype satisfies its ancestor", notes.with("x", "core.entity.person"), "a", "app.acme.knows",
                     "x", nil),
            scenario("a type the catalog lacks satisfies no named type", notes.with("x", "app.other.thing"), "a",
                     "app.acme.knows", "x",
                     violation(["edge_type": "app.acme.knows", "target_type": "app.other.thing",
                                "allowed": ["core.entity"]])),
            scenario("revoked folder", notes.with("f", "system.folder", .revoked), "a", "in-folder", "f",
                     violation(["edge_type": "in-folder", "target_id": "f", "constraint": "revoked"])),
            scenario("nesting", notes.with("s", "core.media.series").with("m", "core.media.album"), "s",
                     "in-collection", "m",
                     violation(["edge_type": "in-collection", "source_id": "s", "source_type": "core.media.series",
                                "constraint": "nesting"])),
            scenario("duplicate", notes.with(edge: "e1", "a", "references", "b"), "a", "references", "b",
                     violation(["edge_type": "references", "source_id": "a", "target_id": "b",
                                "constraint": "duplicate"])),
            scenario("the reverse of an edge is no duplicate", notes.with(edge: "e1", "a", "references", "b"), "b",
                     "references", "a", nil),
            scenario("second parent", notes.with(edge: "e1", "a", "parent-of", "c"), "b", "parent-of", "c",
                     violation(["edge_type": "parent-of", "target_id": "c", "constraint": "cardinality"])),
            scenario("a parent holds many children", notes.with(edge: "e1", "a", "parent-of", "b"), "a", "parent-of",
                     "c", nil),
            scenario("second thread", notes.with(edge: "e1", "a", "in-thread", "b"), "a", "in-thread", "c",
                     violation(["edge_type": "in-thread", "source_id": "a", "constraint": "cardinality"])),
            scenario("one-to-one at the target", notes.with(edge: "e1", "b", "supersedes", "c"), "a", "supersedes",
                     "c", violation(["edge_type": "supersedes", "target_id": "c", "constraint": "cardinality"])),
            scenario("one-to-one at the source", notes.with(edge: "e1", "a", "supersedes", "c"), "a", "supersedes",
                     "b", violation(["edge_type": "supersedes", "source_id": "a", "constraint": "cardinality"])),
            scenario("an end the copy does not hold is not judged", notes, "a", "in-folder", "elsewhere", nil),
            scenario("closing a parent-of cycle at depth",
                     notes.with(edge: "e1", "a", "parent-of", "b").with(edge: "e2", "b", "parent-of", "c"), "c",
                     "parent-of", "a", cycle(["edge_type": "parent-of", "source_id": "c", "target_id": "a"])),
            scenario("closing a supersedes chain",
                     notes.with(edge: "e1", "a", "supersedes", "b").with(edge: "e2", "b", "supersedes", "c"), "c",
                     "supersedes", "a", cycle(["edge_type": "supersedes", "source_id": "c", "target_id": "a"])),
            scenario("a cycle on a type that allows cycles", notes.with(edge: "e1", "a", "references", "b"), "b",
                     "references", "a", nil),
        ]
        for scenario in scenarios {
            XCTAssertEqual(judged(scenario), scenario.refusal, scenario.name, line: scenario.line)
        }
    }

    func testTheEarlierRuleWinsWhereTwoApply_F087() {
        let notes = Self.notes
        let series = notes.with("s", "core.media.series").with("m", "core.media.album")
        let scenarios = [
            scenario("source in bin before self-edge", notes.with("a", "core.note", .trashed), "a", "references", "a",
                     notFound("item_not_found")),
            scenario("source in bin before unknown edge type", notes.with("a", "core.note", .trashed), "a",
                     "comments-on", "b", notFound("item_not_found")),
            scenario("unknown edge type before target in bin", notes.with("b", "core.note", .trashed), "a",
                     "comments-on", "b", notFound("edge_type_not_found")),
            scenario("self-edge before an end's type", notes, "a", "in-collection", "a",
                     cycle(["edge_type": "in-collection"])),
            scenario("target in bin before an end's type", notes.with("b", "core.note", .trashed), "a", "in-folder",
                     "b", notFound("item_not_found")),
            scenario("source type before target type", notes, "a", "app.acme.assigned", "b",
                     violation(["edge_type": "app.acme.assigned", "source_type": "core.note",
                                "allowed": ["core.task"]])),
            scenario("an end's type before a duplicate", notes.with(edge: "e1", "a", "in-folder", "b"), "a",
                     "in-folder", "b",
                     violation(["edge_type": "in-folder", "target_type": "core.note", "allowed": ["system.folder"]])),
            scenario("nesting before a duplicate", series.with(edge: "e1", "s", "in-collection", "m"), "s",
                     "in-collection", "m",
                     violation(["edge_type": "in-collection", "source_id": "s", "source_type": "core.media.series",
                                "constraint": "nesting"])),
            scenario("duplicate before cardinality", notes.with(edge: "e1", "a", "parent-of", "b"), "a", "parent-of",
                     "b",
                     violation(["edge_type": "parent-of", "source_id": "a", "target_id": "b",
                                "constraint": "duplicate"])),
            scenario("source cardinality before target cardinality",
                     notes.with(edge: "e1", "a", "supersedes", "x").with(edge: "e2", "y", "supersedes", "b"), "a",
                     "supersedes", "b",
                     violation(["edge_type": "supersedes", "source_id": "a", "constraint": "cardinality"])),
            scenario("cardinality before cycle",
                     notes.with(edge: "e1", "a", "parent-of", "b").with(edge: "e2", "x", "parent-of", "a"), "b",
                     "parent-of", "a",
                     violation(["edge_type": "parent-of", "target_id": "a", "constraint": "cardinality"])),
        ]
        for scenario in scenarios {
            XCTAssertEqual(judged(scenario), scenario.refusal, scenario.name, line: scenario.line)
        }
    }

    func testDuplicateIsJudgedBeforeCardinality_F087() {
        let graph = Self.notes.with(edge: "e1", "a", "parent-of", "b")
        let refusal = judged(scenario("", graph, "a", "parent-of", "b", nil))
        XCTAssertEqual(
            refusal,
            violation(["edge_type": "parent-of", "source_id": "a", "target_id": "b", "constraint": "duplicate"]))
    }

    func testRefusalsCarryMessagesAndTheCopysCodeNames_F088() {
        let graph = Self.notes.with(edge: "e1", "a", "parent-of", "c")
        XCTAssertThrowsError(try EdgeRules.judge(EdgeProposal(sourceId: "b", targetId: "c", edgeType: "parent-of"),
                                                 in: graph)) { error in
            let error = error as? MarfaError
            XCTAssertEqual(error?.code(), "validation")
            XCTAssertEqual(error?.serverCode, "edge_constraint_violation")
            XCTAssertFalse(error?.message.isEmpty ?? true)
        }
    }
}
