import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Properties keep their order end to end (issue 29; swift-api.md 1.20; P-60; Decision 0113): a copy's create keeps
/// the order it was written in through the queue, the store and a reopen; the reference instance stores and answers
/// a create in P-60's order (declared fields in type order, then the others as first written), across a restart,
/// and a copy that drains or hydrates holds that order.
final class PropertyOrderEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A note's properties written in an order neither sorted nor the type's: `core.note` declares body, title,
    /// language, notes.
    private var written: JSONObject {
        var properties = JSONObject()
        for (name, value) in [("zeta", 1), ("title", 2), ("alpha", 3), ("mid", 4), ("body", 5), ("beta", 6)] {
            properties[name] = name == "title" || name == "body" ? .string("\(name) \(value)") : .integer(Int64(value))
        }
        return properties
    }

    private let writtenNames = ["zeta", "title", "alpha", "mid", "body", "beta"]
    /// P-60: the declared fields in type order, then the others as first written.
    private let instanceNames = ["body", "title", "zeta", "alpha", "mid", "beta"]

    private func names(_ object: JSONObject?) -> [String]? {
        object.map { Array($0.keys) }
    }

    /// The instance's row of `id` as it answers it.
    private func servedNames(_ id: String) async throws -> [String]? {
        let (status, answer) = try await harness.request("GET", "/items/\(id)")
        XCTAssertEqual(status, 200, "\(answer)")
        return names(answer.object?["item"]?.object?["properties"]?.object)
    }

    func testACreateKeepsItsOrderThroughTheQueueTheStoreAndAReopen_Issue29() async throws {
        let copy = try await WorkingCopy.open(store: harness.store)
        let created = try await copy.items.create(Draft(type: "core.note", properties: written))
        let id = try XCTUnwrap(created.itemId)
        let shown = try await copy.items.get(id)
        XCTAssertEqual(names(shown?.properties), writtenNames, "shown in the order written")
        let queued = try await copy.queue.all().first?.body["properties"]?.object
        XCTAssertEqual(names(queued), writtenNames, "the queued body carries the order written")
        await copy.close()

        let reopened = try await WorkingCopy.open(store: harness.store)
        let held = try await reopened.items.get(id)
        XCTAssertEqual(names(held?.properties), writtenNames, "the store kept the order")
        let requeued = try await reopened.queue.all().first?.body["properties"]?.object
        XCTAssertEqual(names(requeued), writtenNames, "the stored queue row kept the order")
        await reopened.close()
    }

    func testTheInstanceStoresP60OrderAndTheCopiesHoldIt_Issue29_P60() async throws {
        let (copy, _) = try await harness.hydratedCopy()
        let created = try await copy.items.create(Draft(type: "core.note", properties: written))
        let id = try XCTUnwrap(created.itemId)
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted])
        let served = try await servedNames(id)
        XCTAssertEqual(served, instanceNames, "P-60: declared fields first, then as written")
        let adopted = try await copy.items.get(id)
        XCTAssertEqual(names(adopted?.properties), instanceNames, "Q-39: the answer's row, in its order")
        await copy.close()

        try await harness.restart()
        let restarted = try await servedNames(id)
        XCTAssertEqual(restarted, instanceNames, "the instance's store kept the order")
        let other = try await WorkingCopy.open(
            store: harness.folder.appendingPathComponent("other"), server: harness.server)
        _ = try await other.hydrate(types: ["core.note"], tier: .all)
        let filled = try await other.items.get(id)
        XCTAssertEqual(names(filled?.properties), instanceNames, "a fill keeps the order")
        await other.close()
    }
}
