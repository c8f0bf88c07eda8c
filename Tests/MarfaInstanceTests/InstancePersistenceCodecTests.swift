import MarfaInstance
import MarfaRules
import XCTest

/// The journal and snapshot encoding of the instance's changes: every change survives a round trip, and a state
/// rebuilt from its own snapshot batch is the same state.
final class InstancePersistenceCodecTests: XCTestCase {
    private func sampleChanges() -> [InstanceChange] {
        let item = Item(
            id: ItemID.make(), type: "core.note", properties: ["body": "b", "n": 3, "f": 1.5, "list": ["x", nil]],
            state: .trashed, tier: .feed, version: 4, source: "operator", sourceId: "k", occurredAt: "o",
            createdAt: "c", updatedAt: "u", tags: ["a", "b"])
        let stored = StoredItem(
            item: item, captureLatitude: 1.25, captureLongitude: nil,
            cascade: .member(root: "r", priorState: .archived),
            extensions: ["acme": ["x": true]])
        let root = StoredItem(
            item: Item(
                id: ItemID.make(), type: "core.task", tier: nil, version: 1, occurredAt: "o", createdAt: "d",
                updatedAt: "d"),
            cascade: .root(took: [item.id]))
        let edge = Edge(
            id: ItemID.make(), sourceId: root.id, targetId: item.id, edgeType: "parent-of", properties: ["p": 1],
            version: 2, createdAt: "c", updatedAt: "u")
        let version = ItemVersion(
            itemId: item.id, version: 3,
            fields: VersionedFields(
                type: "core.note", properties: ["body": "old"], tier: nil, occurredAt: "o", sourceId: nil))
        let key = AccessKey(
            id: "k1", secret: "marfa_k1_x", name: "n", source: "s", defaultTier: .feed,
            types: GrantMap(["core.*": .read]), permissions: ["items.purge"], createdAt: "c")
        let record = IdempotencyRecord(
            key: .init(credential: "k1", key: "i"), fingerprint: "f", status: 409, body: "{}", errorCode: "conflict")
        return [
            .setInstanceId("inst"), .putKey(key), .putItem(stored), .putItem(root), .putEdge(edge),
            .appendVersion(version),
            .appendEvent(
                LogEvent(id: 1, kind: .itemCreated, itemType: "core.note", edgeType: nil, sourceType: nil, data: "{}")),
            .appendEvent(
                LogEvent(
                    id: 2, kind: .edgeCreated, itemType: nil, edgeType: "parent-of", sourceType: "core.task", data: "{}"
                )),
            .putIdempotency(record), .trimLog(through: 1), .setLogHead(2), .rollbackLog(to: 2), .removeEdge(id: "none"),
            .removeVersions(itemId: "none"), .removeItem(id: "none"),
        ]
    }

    func testEveryChangeSurvivesARoundTrip() throws {
        let changes = sampleChanges()
        XCTAssertEqual(try InstanceChangeCodec.decode(InstanceChangeCodec.encode(changes)), changes)
    }

    func testAStreamedSnapshotBatchIsTheSameBytesInChunks() throws {
        let body = String(repeating: "a line of text ", count: 20_000)
        let changes = (0..<12).map { index in
            InstanceChange.putItem(
                StoredItem(
                    item: Item(
                        id: ItemID.make(), type: "core.note", properties: ["body": .string(body + String(index))],
                        occurredAt: "o", createdAt: "c", updatedAt: "u")))
        } + sampleChanges()
        var chunks: [[UInt8]] = []
        InstanceChangeCodec.encode(changes) { chunks.append(Array($0)) }
        XCTAssertGreaterThan(chunks.count, 1, "about 3.6 MB goes out in chunks of about 1 MB")
        XCTAssertEqual(chunks.flatMap { $0 }, InstanceChangeCodec.encode(changes))
        XCTAssertEqual(try InstanceChangeCodec.decode(chunks.flatMap { $0 }), changes)
    }

    func testAStateRebuiltFromItsSnapshotBatchHoldsTheSameSnapshot() throws {
        var state = InstanceState()
        for change in sampleChanges() { state.apply(change) }
        var rebuilt = InstanceState()
        for change in try InstanceChangeCodec.decode(InstanceChangeCodec.encode(state.snapshotChanges)) {
            rebuilt.apply(change)
        }
        XCTAssertEqual(rebuilt.snapshotChanges.count, state.snapshotChanges.count)
        XCTAssertEqual(Set(rebuilt.snapshotChanges), Set(state.snapshotChanges))
        XCTAssertEqual(rebuilt.log.head, 2)
        XCTAssertEqual(rebuilt.log.minRetainedId, 2)
    }

    func testTruncatedOrForeignBytesAreStoreCorrupt() {
        let bytes = InstanceChangeCodec.encode(sampleChanges())
        let cases: [[UInt8]] = [Array(bytes.dropLast(3)), [9] + Array(bytes.dropFirst()), [1, 1, 99]]
        for bad in cases {
            XCTAssertThrowsError(try InstanceChangeCodec.decode(bad)) { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "store_corrupt")
            }
        }
    }
}
