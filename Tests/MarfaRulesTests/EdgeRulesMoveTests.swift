import XCTest

@testable import MarfaRules

final class EdgeRulesMoveTests: XCTestCase {
    private let graph = EdgeRulesGraph()
        .with("project", "core.note").with("other", "core.note").with("task", "core.task").with("sub", "core.task")
        .with("thread", "core.note").with("thread2", "core.note").with("binned", "core.note", .trashed)
        .with(edge: "parent", "project", "parent-of", "task")
        .with(edge: "child", "task", "parent-of", "sub")
        .with(edge: "member", "task", "in-thread", "thread")
        .with(edge: "ref", "task", "references", "project")
        .with(edge: "next", "task", "supersedes", "sub")

    private func edge(_ id: String) -> Edge? { graph.edges.first { $0.id == id } }

    private func refusal(_ id: String, _ move: EdgeEdit.Move) -> MarfaError? {
        guard let edge = edge(id) else { return .invalid(message: "no edge \(id)") }
        do {
            try EdgeRules.judgeMove(edge, move, in: graph)
            return nil
        } catch {
            switch error {
            case .validation(let code, _, let details): return .validation(code: code, message: "", details: details)
            case .notFound(let code, _): return .notFound(code: code, message: "")
            default: return error
            }
        }
    }

    /// The `validation_error` a many-side move answers, its one error naming the moved end's field.
    private func manySide(_ id: String, _ move: EdgeEdit.Move, path: String, line: UInt = #line) {
        guard case .validation(let code, _, let details)? = refusal(id, move) else {
            return XCTFail("\(id) moved", line: line)
        }
        XCTAssertEqual(code, "validation_error", line: line)
        let error = details?.object?["errors"]?.array?.first?.object
        XCTAssertEqual(error?["path"], .string(path), line: line)
        XCTAssertNotNil(error?["message"]?.string, line: line)
    }

    func testAParentOfSourceMovesToAnotherParent_F082_F090() {
        XCTAssertNil(refusal("parent", .source("other")))
    }

    func testAMoveAtTheManySideIsRefusedValidation_F090() {
        manySide("parent", .target("other"), path: "target_id")
        manySide("ref", .source("other"), path: "source_id")
        manySide("ref", .target("other"), path: "target_id")
        manySide("member", .source("other"), path: "source_id")
    }

    func testAManyToOneTargetAndAOneToOneEndMove_F090() {
        XCTAssertNil(refusal("member", .target("thread2")))
        XCTAssertNil(refusal("next", .target("other")))
        XCTAssertNil(refusal("next", .source("other")))
    }

    func testAMoveOntoTheOtherEndIsAnEdgeCycle_F090() {
        XCTAssertEqual(
            refusal("next", .target("task")),
            .validation(code: "edge_cycle", message: "", details: ["edge_type": "supersedes"]))
        XCTAssertEqual(
            refusal("parent", .source("task")),
            .validation(code: "edge_cycle", message: "", details: ["edge_type": "parent-of"]))
    }

    func testAMoveIsJudgedAsANewEdgeWithoutTheMovedEdge_F090() {
        XCTAssertNil(refusal("parent", .source("project")), "the moved edge is no duplicate of itself")
        XCTAssertNil(refusal("member", .target("thread")), "nor the one edge its end holds")
        XCTAssertEqual(refusal("parent", .source("binned")), .notFound(code: "item_not_found", message: ""))
        XCTAssertEqual(
            refusal("parent", .source("sub")),
            .validation(
                code: "edge_cycle", message: "",
                details: ["edge_type": "parent-of", "source_id": "sub", "target_id": "task"]))
    }

    func testAMovedEndMeetsCardinalityAtItsNewPlace_F090() {
        let crowded = graph.with("rival", "core.note").with(edge: "rivalNext", "rival", "supersedes", "other")
        guard let next = edge("next") else { return XCTFail("no edge") }
        XCTAssertThrowsError(try EdgeRules.judgeMove(next, .target("other"), in: crowded)) { error in
            guard case .validation(_, _, let details)? = error as? MarfaError else { return XCTFail("\(error)") }
            XCTAssertEqual(
                details, ["edge_type": "supersedes", "target_id": "other", "constraint": "cardinality"])
        }
    }
}
