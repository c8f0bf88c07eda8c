import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Writes through the public SDK, on a local store with real files: each shows at once, is queued durably, and
/// survives a reopen with its queue entry (seed 000 "Write items"; WC-49, Q-1, Q-8, Q-9).
final class LocalWritesTests: XCTestCase {
    private var store: URL!

    override func setUp() {
        store = freshStore()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
    }

    private func queueCount(_ copy: WorkingCopy) async throws -> Int {
        try await copy.queue.all().count
    }

    func testEveryWriteKindShowsAtOnceAndSurvivesReopenWithItsQueueEntry_WC49_Q1() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let project = try unwrap(
            try await copy.items.create(Draft(type: "core.task", properties: ["title": "Garden"])).itemId)
        let created = try await copy.items.create(
            Draft(type: "core.task", properties: ["title": "Dig", "rank": 3], tags: ["outside"]))
        let task = try XCTUnwrap(created.itemId)
        let shown = try await copy.items.get(task)
        XCTAssertEqual(shown?.properties["title"], "Dig")
        XCTAssertEqual(shown?.tags, ["outside"])
        XCTAssertEqual(shown?.version, 0, "WC-63: the copy never mints a version")

        let held = try unwrap(try await copy.items.get(task))
        _ = try await copy.items.update(task, Edit(properties: ["title": "Dig beds"], baseVersion: held.version))
        _ = try await copy.tags.add("spring", to: task)
        _ = try await copy.tags.remove("outside", from: task)
        _ = try await copy.extensions.write("app", ["pinned": true], on: task)
        let edgeWrite = try await copy.edges.create(from: project, to: task, type: "parent-of")
        let edgeId = try XCTUnwrap(edgeWrite.edgeId)
        _ = try await copy.items.transition(task, to: .archived)
        let note = try unwrap(try await copy.items.create(Draft(type: "core.note", properties: ["title": "n"])).itemId)
        _ = try await copy.items.delete(note)
        _ = try await copy.items.restore(note)
        _ = try await copy.metadata.replaceTags(of: note, with: ["a", "b"])

        let after = try unwrap(try await copy.items.get(task))
        XCTAssertEqual(after.properties["title"], "Dig beds")
        XCTAssertEqual(after.properties["rank"], 3)
        XCTAssertEqual(after.tags, ["spring"])
        XCTAssertEqual(after.state, .archived)
        expectEqual(try await copy.edges.from(project).map(\.id), [edgeId])
        expectEqual(try await copy.edges.to(task).map(\.id), [edgeId])
        expectEqual(try await copy.items.get(note)?.tags, ["a", "b"])
        let kinds = try await copy.queue.all().map(\.kind)
        XCTAssertEqual(kinds, [
            .createItem, .createItem, .addTag, .updateItem, .addTag, .removeTag, .writeExtension, .createEdge,
            .transitionItem, .createItem, .deleteItem, .restoreItem, .replaceMetadata,
        ])
        let before = try await copy.queue.all()
        await copy.close()

        let reopened = try await WorkingCopy.open(store: store)
        expectEqual(try await reopened.queue.all(), before)
        expectEqual(try await reopened.items.get(task), after)
        expectEqual(try await reopened.edges.get(edgeId)?.sourceId, project)
        await reopened.close()
    }

    func testACreatesTagsAreWritesOfTheirOwnWaitingOnTheCreate_WC64_Q8_Q9() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let create = try await copy.items.create(Draft(type: "core.note", tags: ["one", "two"]))
        let queue = try await copy.queue.all()
        XCTAssertEqual(queue.map(\.kind), [.createItem, .addTag, .addTag])
        XCTAssertEqual(queue[1].dependsOn, [create.id])
        XCTAssertEqual(queue[2].dependsOn, [create.id])
        XCTAssertEqual(queue[1].follows, create.id)
        XCTAssertEqual(queue[2].follows, queue[1].id)
        XCTAssertNil(queue[0].body["tags"], "tags are never sent on the create")
        let edit = try await copy.items.update(
            try XCTUnwrap(create.itemId), Edit(properties: ["title": "x"], baseVersion: 0))
        XCTAssertEqual(edit.dependsOn, [create.id])
        XCTAssertEqual(edit.follows, queue[2].id)
        XCTAssertNotEqual(edit.idempotencyKey, create.idempotencyKey)
        await copy.close()
    }

    func testACreateNamingAPendingCreateWaitsForIt_F068() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let parent = try await copy.items.create(Draft(type: "core.task", properties: ["title": "P"]))
        let child = try await copy.items.create(
            Draft(type: "core.task", edges: ["references": [try XCTUnwrap(parent.itemId)]]))
        XCTAssertEqual(child.dependsOn, [parent.id])
        XCTAssertEqual(child.body["edges"], ["references": [.string(try XCTUnwrap(parent.itemId))]])
        await copy.close()
    }

    func testMalformedCreatesAreRefusedBeforeAnythingIsQueued_F070_F076() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let refusals: [(Draft, String, String?)] = [
            (Draft(type: "core.note", state: .revoked), "validation", "validation_error"),
            (Draft(type: "core.note", captureLatitude: .nan, captureLongitude: 1), "validation", "validation_error"),
            (Draft(type: "core.note", properties: ["n": .integer(9_007_199_254_740_993)]), "validation",
             "invalid_properties"),
            (Draft(type: "core.note", edges: ["no-such-edge": [ItemID.make()]]), "not_found", "edge_type_not_found"),
            (Draft(type: "core.note", edges: ["references": ["not-an-id"]]), "validation", "invalid_id"),
            (Draft(type: "core.nonexistent"), "unknown_type", nil),
            (Draft(type: "Not A Type"), "validation", "validation_error"),
            (Draft(type: "core.note", tags: Array(repeating: "t", count: 1).map { $0 + "\u{0}" } + [" "]), "validation",
             "validation_error"),
        ]
        for (draft, code, serverCode) in refusals {
            do {
                _ = try await copy.items.create(draft)
                XCTFail("\(draft) was queued")
            } catch let error as MarfaError {
                XCTAssertEqual(error.code(), code, "\(draft)")
                XCTAssertEqual(error.serverCode, serverCode, "\(draft)")
            }
        }
        expectEqual(try await queueCount(copy), 0)
        _ = try await copy.items.create(Draft(type: "core.note", properties: ["n": .integer(9_007_199_254_740_992)]))
        expectEqual(try await queueCount(copy), 1, "witness: a well-formed create is queued")
        await copy.close()
    }

    func testAnEditIsRefusedUnlessItsBaseIsTheHeldVersionAndUpdateAsReadTakesAnOlderOne_F059() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let id = try unwrap(try await copy.items.create(Draft(type: "core.note")).itemId)
        do {
            _ = try await copy.items.update(id, Edit(properties: ["title": "x"], baseVersion: 4))
            XCTFail("a stale base was queued")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "invalid", "refused before queueing, not a conflict (V-20, Decision 0088)")
        }
        do {
            _ = try await copy.items.update(id, Edit(baseVersion: 0, occurredAt: "2026-01-01T00:00:00Z",
                                                     clearOccurredAt: true))
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "validation")
        }
        expectEqual(try await queueCount(copy), 1)
        let edit = try await copy.items.updateAsRead(id, Edit(properties: ["title": "x", "gone": nil], baseVersion: 0))
        XCTAssertEqual(edit.baseVersion, 0)
        expectNil(try await copy.items.get(id)?.properties["gone"], "a null clears nothing and sets nothing")
        await copy.close()
    }

    func testClearAndReplacePropertiesSendTheWholeSet_F072_F073() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let id = try unwrap(
            try await copy.items.create(Draft(type: "core.note", properties: ["title": "t", "a": 1, "b": 2])).itemId)
        let cleared = try await copy.items.update(id, Edit(clearProperties: ["a"], baseVersion: 0))
        XCTAssertEqual(cleared.body["properties_mode"], "replace")
        XCTAssertEqual(cleared.body["properties"], ["title": "t", "b": 2])
        _ = try await copy.items.update(id, Edit(properties: ["c": 3], replaceProperties: true, baseVersion: 0))
        expectEqual(try await copy.items.get(id)?.properties, ["c": 3])
        await copy.close()
    }

    func testATagPastTheHundredthIsRefusedAndTheEarlierOnesStayQueued_F092() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let id = try unwrap(try await copy.items.create(Draft(type: "core.note")).itemId)
        for number in 0..<100 { _ = try await copy.tags.add("tag\(number)", to: id) }
        do {
            _ = try await copy.tags.add("one-too-many", to: id)
            XCTFail("a 101st tag was queued")
        } catch let error as MarfaError {
            XCTAssertEqual(error.serverCode, "validation_error")
        }
        expectEqual(try await copy.items.get(id)?.tags.count, 100)
        expectEqual(try await queueCount(copy), 101)
        await copy.close()
    }

    func testEdgeRefusalsComeInTheInstancesOrderAndQueueNothing_F087_F088() async throws {
        let copy = try await WorkingCopy.open(store: store)
        func make(_ type: String) async throws -> String {
            try unwrap(try await copy.items.create(Draft(type: type, properties: ["title": "x"])).itemId)
        }
        let projectA = try await make("core.task")
        let projectB = try await make("core.task")
        let task = try await make("core.task")
        let binned = try await make("core.note")
        _ = try await copy.items.delete(binned)
        _ = try await copy.edges.create(from: projectA, to: task, type: "parent-of")
        let queued = try await queueCount(copy)

        let cases: [(String, String, String, String, String?)] = [
            (binned, task, "references", "item_not_found", nil),
            (projectA, projectA, "parent-of", "edge_cycle", nil),
            (projectA, task, "parent-of", "edge_constraint_violation", "duplicate"),
            (projectB, task, "parent-of", "edge_constraint_violation", "cardinality"),
            (task, projectA, "parent-of", "edge_cycle", nil),
        ]
        for (source, target, type, serverCode, constraint) in cases {
            do {
                try await copy.edges.check(from: source, to: target, type: type)
                XCTFail("check passed \(serverCode)")
            } catch let error as MarfaError {
                XCTAssertEqual(error.serverCode, serverCode)
                if let constraint, case .validation(_, _, let details) = error {
                    XCTAssertEqual(details?.object?["constraint"]?.string, constraint)
                }
            }
            do {
                _ = try await copy.edges.create(from: source, to: target, type: type)
                XCTFail("create queued \(serverCode)")
            } catch let error as MarfaError {
                XCTAssertEqual(error.serverCode, serverCode)
            }
        }
        expectEqual(try await queueCount(copy), queued)
        try await copy.edges.check(from: projectB, to: try await make("core.task"), type: "parent-of")
        await copy.close()
    }

    func testEdgeMovesAndNoOpEditsFollowTheSeed_F089_F090_F091() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let project = try unwrap(try await copy.items.create(Draft(type: "core.task")).itemId)
        let other = try unwrap(try await copy.items.create(Draft(type: "core.task")).itemId)
        let task = try unwrap(try await copy.items.create(Draft(type: "core.task")).itemId)
        let edge = try unwrap(try await copy.edges.create(from: project, to: task, type: "parent-of").edgeId)
        expectNil(try await copy.edges.update(edge, EdgeEdit(baseVersion: 0)))
        try await copy.edges.check(edge, moving: .source(other))
        do {
            try await copy.edges.check(edge, moving: .source(task))
            XCTFail("a self-edge move passed")
        } catch let error as MarfaError {
            XCTAssertEqual(error.serverCode, "edge_cycle")
        }
        let moved = try unwrap(try await copy.edges.update(edge, EdgeEdit(baseVersion: 0, move: .source(other))))
        XCTAssertEqual(moved.body["source_id"], .string(other))
        XCTAssertNil(moved.body["target_id"])
        expectEqual(try await copy.edges.get(edge)?.sourceId, other)
        await copy.close()
    }
}

extension LocalWritesTests {
    func testOnlyABlockedWriteCanBeWithdrawnAndOnlyARefusedOneDiscarded_Q35_Q36() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let write = try await copy.items.create(Draft(type: "core.note"))
        // An unanswered write answers false, changing nothing (issue 28 point 16).
        expectEqual(try await copy.queue.withdraw(write.id), false)
        expectEqual(try await copy.queue.discard(write.id), false)
        expectEqual(try await copy.queue.all().count, 1)
        await copy.close()
    }
}
