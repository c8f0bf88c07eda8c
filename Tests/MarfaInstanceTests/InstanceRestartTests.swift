import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// The data folder keeps everything across a stop and start (P-30 "ids survive restarts", P-62, P-96), whether the
/// state comes back from the last snapshot or from the journal alone.
final class InstanceRestartTests: XCTestCase {
    func testARestartWithTheSameFolderKeepsIdsRowsTheLogAndContinuesEventIds_P30() async throws {
        let folder = InstanceHarness.freshFolder()
        let first = try await InstanceHarness.start(folder: folder)
        let note = try await first.note("Bleak House", body: "text")
        let id = note["id"]?.string ?? ""
        let other = try await first.note("Other")
        _ = try await first.send("PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "BH"]])
        _ = try await first.send("POST", "/items/\(id)/tags", body: ["tags": ["kept"]])
        _ = try await first.send("PUT", "/items/\(id)/extensions/acme", body: ["x": 1])
        _ = try await first.send(
            "POST", "/edges", body: ["source_id": .string(id), "target_id": other["id"] ?? nil, "edge_type": "about"])
        _ = try await first.send("DELETE", "/items/\(other["id"]?.string ?? "")?version=1")
        let narrowed = try await first.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let instanceId = try await first.send("GET", "/").object["instance_id"]
        let head = try first.head()
        XCTAssertEqual(head, 7)
        await first.stop()

        let second = try await InstanceHarness.start(folder: folder)
        let root = try await second.send("GET", "/")
        XCTAssertEqual(root.object["instance_id"], instanceId, "the instance id is permanent")
        XCTAssertEqual(second.key, first.key)
        XCTAssertEqual(try second.head(), head)
        let read = try await second.send("GET", "/items/\(id)")
        XCTAssertEqual(read.item["version"], 2)
        XCTAssertEqual(read.item["properties"]?.object?["title"], "BH")
        XCTAssertEqual(read.object["metadata"]?.object?["tags"], ["kept"])
        XCTAssertEqual(read.object["metadata"]?.object?["extensions"], ["acme": ["x": 1]])
        XCTAssertEqual(read.item["edges"]?.object?["about"]?.object?["data"]?.array?.count, 1)
        let bin = try await second.send("GET", "/items?state=trashed")
        XCTAssertEqual(bin.data.count, 1)
        let stale = try await second.send(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "mine"]])
        XCTAssertEqual(stale.status, 200, "stored versions survive, so a stale write still merges")
        XCTAssertEqual(stale.item["version"], 3)
        let narrowedRead = try await second.send("GET", "/items", key: .some(narrowed))
        XCTAssertEqual(narrowedRead.status, 200, "minted keys survive")
        let stream = try EventStreamClient(port: second.port, key: second.key, lastEventId: "0")
        defer { stream.close() }
        let frames = try stream.frames(through: "stream_live")
        XCTAssertEqual(frames.compactMap(\.id), (1...8).map(String.init), "the log survives and the next id is 8")
        XCTAssertEqual(frames.last?.json["cursor"], "8")
        await second.finish()
    }

    func testAStateRebuiltFromTheJournalAloneEqualsOneRebuiltFromASnapshot() async throws {
        let folder = InstanceHarness.freshFolder()
        let first = try await InstanceHarness.start(folder: folder) { $0.snapshotThresholdBytes = 512 }
        var ids: [String] = []
        for number in 0..<40 {
            ids.append(
                try await first.note("Note \(number)", body: String(repeating: "x", count: 64))["id"]?.string ?? "")
        }
        let snapshots = try await eventually {
            (try FileManager.default.contentsOfDirectory(atPath: folder)).contains { $0.hasPrefix("snapshot-") }
        }
        XCTAssertTrue(snapshots, "past the threshold a snapshot is written while writes continue")
        let before = try await first.send("GET", "/items?limit=200")
        await first.stop()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(files.filter { $0.hasPrefix("snapshot-") }.count, 1, "older snapshots are deleted")
        let second = try await InstanceHarness.start(folder: folder)
        let after = try await second.send("GET", "/items?limit=200")
        XCTAssertTrue(after.json == before.json, "the rebuilt listing differs")
        XCTAssertEqual(try second.head(), 40)
        await second.finish()
    }

    func testAnIdempotencyRecordSurvivesARestart_P16() async throws {
        let folder = InstanceHarness.freshFolder()
        let first = try await InstanceHarness.start(folder: folder)
        let body: JSONValue = ["type": "core.note", "properties": ["body": "once"]]
        let created = try await first.send("POST", "/items", body: body, headers: ["Idempotency-Key": "k-1"])
        XCTAssertEqual(created.status, 201)
        await first.stop()
        let second = try await InstanceHarness.start(folder: folder)
        let replayed = try await second.send("POST", "/items", body: body, headers: ["Idempotency-Key": "k-1"])
        XCTAssertEqual(replayed.status, 201)
        XCTAssertEqual(replayed.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(replayed.item["id"], created.item["id"])
        let listed = try await second.send("GET", "/items")
        XCTAssertEqual(listed.data.count, 1)
        await second.finish()
    }
}
