import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// Generates batches of store changes over a seeded random state: items, edges, tags, extensions, queue rows.
struct SeededChanges {
    private var random: SplitMixRandom
    private(set) var itemIds: [String] = []
    private(set) var edgeIds: [String] = []
    private var queueIds: [String] = []
    private let words = ["alpha", "beta", "gamma", "delta", "notes", "reading", "list", "essay", "tasks", "plan"]

    init(seed: UInt64) {
        random = SplitMixRandom(seed: seed)
    }

    mutating func id() -> String {
        ItemID.make(milliseconds: 1_700_000_000_000 + random.next() % 1_000_000, using: &random)
    }

    mutating func item(id: String) -> Item {
        let title = (0..<3).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        let time = Timestamp.string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double(random.next() % 10_000_000)))
        let states: [ItemState] = [.active, .active, .active, .archived, .trashed]
        return Item(
            id: id, type: random.next() % 3 == 0 ? "core.task" : "core.note",
            properties: ["title": .string(title), "rank": .integer(Int64(random.next() % 1000)),
                         "done": .bool(random.next() % 2 == 0), "score": .number(Double(random.next() % 1000) / 8)],
            state: states[Int(random.next() % UInt64(states.count))], tier: random.next() % 4 == 0 ? .feed : .library,
            version: Int64(random.next() % 5), source: "seed", sourceId: random.next() % 2 == 0 ? "k\(random.next() % 99)" : nil,
            occurredAt: time, createdAt: time, updatedAt: time,
            tags: Array(words.prefix(Int(random.next() % 4))))
    }

    /// One batch of 1–4 random changes.
    mutating func batch() -> [StoreChange] {
        (0..<(1 + Int(random.next() % 4))).map { _ in change() }
    }

    mutating func change() -> StoreChange {
        switch random.next() % 10 {
        case 0...3 where itemIds.count < 50 || random.next() % 2 == 0:
            let newId = id()
            itemIds.append(newId)
            return .putItem(item(id: newId))
        case 0...4 where !itemIds.isEmpty:
            return .putItem(item(id: itemIds[Int(random.next() % UInt64(itemIds.count))]))
        case 5 where itemIds.count > 1:
            let edgeId = id()
            edgeIds.append(edgeId)
            let source = itemIds[Int(random.next() % UInt64(itemIds.count))]
            let target = itemIds[Int(random.next() % UInt64(itemIds.count))]
            return .putEdge(Edge(id: edgeId, sourceId: source, targetId: target, edgeType: "references",
                                 properties: ["weight": .integer(Int64(random.next() % 9))], version: 1,
                                 createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z"))
        case 6 where !edgeIds.isEmpty:
            return .removeEdge(id: edgeIds.remove(at: Int(random.next() % UInt64(edgeIds.count))))
        case 7 where !itemIds.isEmpty:
            return .putExtension(itemId: itemIds[Int(random.next() % UInt64(itemIds.count))], namespace: "app",
                                 body: ["n": .integer(Int64(random.next() % 100))])
        case 8:
            let writeId = id()
            queueIds.append(writeId)
            return .putQueuedWrite(QueuedWrite(
                id: writeId, kind: .createItem, itemId: itemIds.last, baseVersion: random.next() % 2 == 0 ? 3 : nil,
                idempotencyKey: id(), dependsOn: queueIds.suffix(2).dropLast().map { $0 },
                verdict: random.next() % 3 == 0 ? .merged(fields: ["title"]) : nil, body: ["type": "core.note"],
                queuedAt: "2026-01-01T00:00:00.000Z"))
        case 9 where !queueIds.isEmpty:
            return .removeQueuedWrite(id: queueIds.remove(at: Int(random.next() % UInt64(queueIds.count))))
        default:
            return .setCursor(String(random.next() % 100_000))
        }
    }
}

/// Closes `copy`, opens the store at `url` again and checks that the restored state equals the state it closed with.
func assertReopensToTheLiveState(
    _ copy: CopyActor, at url: URL, file: StaticString = #filePath, line: UInt = #line
) async throws {
    let live = await copy.state
    await copy.close()
    let reopened = try await CopyActor.open(at: url, origin: nil)
    let restored = await reopened.state
    XCTAssertEqual(restored, live, file: file, line: line)
    await reopened.close()
}

/// A fresh temporary folder for one test, removed by the caller's teardown.
func temporaryStore(_ name: String = #function) -> URL {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("marfa-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        .appendingPathComponent("store")
}
