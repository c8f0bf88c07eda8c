import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// `GET /events`, the plain stream (P-28 to P-35, P-98).
final class InstanceEventStreamTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness.start { $0.pingInterval = .milliseconds(150) }
    }

    override func tearDown() async throws {
        await harness.finish()
    }

    private func open(_ lastEventId: String? = nil, query: String = "", key: String? = nil) throws -> EventStreamClient
    {
        try EventStreamClient(port: harness.port, key: key ?? harness.key, lastEventId: lastEventId, query: query)
    }

    func testAStreamOpensWithTheCursorThenGoesLiveWithoutIds_P29_P30() async throws {
        let stream = try open()
        defer { stream.close() }
        XCTAssertEqual(stream.status, 200)
        XCTAssertTrue(stream.headText.contains("X-Marfa-Contract: 3"))
        XCTAssertTrue(stream.headText.contains("Content-Type: text/event-stream"))
        let first = try stream.next()
        XCTAssertEqual(first.event, "stream_cursor")
        XCTAssertNil(first.id)
        XCTAssertEqual(first.json, ["event_type": "stream_cursor", "cursor": "0"], "an empty log's head is 0")
        let live = try stream.next()
        XCTAssertEqual(live.event, "stream_live")
        XCTAssertNil(live.id, "markers carry no id")
        XCTAssertEqual(live.json["cursor"], "0")
        XCTAssertTrue(stream.comments.contains(" connected"))
    }

    func testLiveWritesArriveAsFramesNamedByEventTypeWithAscendingIds_P33_P35() async throws {
        let stream = try open()
        defer { stream.close() }
        _ = try stream.frames(through: "stream_live")
        let note = try await harness.note("Live")
        let id = note["id"]?.string ?? ""
        _ = try await harness.send("PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "Live 2"]])
        _ = try await harness.send("POST", "/items/\(id)/tags", body: ["tags": ["t"]])
        let frames = [try stream.next(), try stream.next(), try stream.next()]
        XCTAssertEqual(frames.map(\.event), ["item.created", "item.updated", "metadata.changed"])
        XCTAssertEqual(frames.map(\.id), ["1", "2", "3"])
        for frame in frames {
            XCTAssertEqual(frame.json["event_type"]?.string, frame.event, "the SSE name equals event_type")
            XCTAssertEqual(frame.json["item"]?.object?["id"]?.string, id)
            XCTAssertNotNil(frame.json["metadata"]?.object)
        }
        XCTAssertEqual(frames[1].json["item"]?.object?["version"], 2)
        XCTAssertEqual(frames[2].json["metadata"]?.object?["tags"], ["t"])
        XCTAssertEqual(frames[2].json["item"]?.object?["version"], 2, "tag writes keep the version")
    }

    func testReplayFromEveryCursorDeliversEachLaterEventExactlyOnce_P30() async throws {
        var notes: [String] = []
        for number in 0..<6 { notes.append(try await harness.note("N\(number)")["id"]?.string ?? "") }
        _ = try await harness.send("PATCH", "/items/\(notes[0])", body: ["version": 1, "properties": ["title": "x"]])
        let head = try harness.head()
        XCTAssertEqual(head, 7)
        for cursor in 0...head {
            let stream = try open(String(cursor))
            defer { stream.close() }
            let frames = try stream.frames(through: "stream_live")
            XCTAssertEqual(frames.first?.event, "stream_cursor")
            XCTAssertEqual(frames.first?.json["cursor"], .string(String(head)))
            let ids = frames.dropFirst().dropLast().compactMap { $0.id.flatMap { Int64($0) } }
            XCTAssertEqual(ids, Array((cursor + 1)...max(cursor + 1, head)).filter { $0 <= head }, "from \(cursor)")
            XCTAssertEqual(frames.last?.json["cursor"], .string(String(head)))
        }
    }

    func testAReplayIsFollowedByLiveFramesOnTheSameStream_P30() async throws {
        _ = try await harness.note("Before")
        let stream = try open("0")
        defer { stream.close() }
        let replay = try stream.frames(through: "stream_live")
        XCTAssertEqual(replay.map(\.event), ["stream_cursor", "item.created", "stream_live"])
        _ = try await harness.note("After")
        let live = try stream.next()
        XCTAssertEqual(live.event, "item.created")
        XCTAssertEqual(live.id, "2")
    }

    func testASilentStreamGetsPingComments_P29() async throws {
        let stream = try open()
        defer { stream.close() }
        _ = try stream.frames(through: "stream_live")
        XCTAssertTrue(stream.waitForComments("ping", count: 2, within: 5))
    }

    func testACursorBelowTheRetainedLogEndsCatchupTooOld_P31_P99() async throws {
        for number in 0..<5 { _ = try await harness.note("N\(number)") }
        let trim = try await harness.send("POST", "/__reference/log/trim", body: ["through": 3])
        XCTAssertEqual(trim.status, 200)
        XCTAssertEqual(trim.object["min_retained_id"], "4")
        let tooOld = try open("2")
        defer { tooOld.close() }
        let frames = try tooOld.frames(through: "catchup_too_old")
        XCTAssertEqual(frames.map(\.event), ["stream_cursor", "catchup_too_old"])
        XCTAssertNil(frames[1].id)
        XCTAssertEqual(frames[1].json["min_retained_id"], "4")
        XCTAssertEqual(frames[1].json["requested"], "2")
        XCTAssertTrue(tooOld.waitForEnd(), "a terminal frame closes the stream")
        let justInTime = try open("3")
        defer { justInTime.close() }
        let witness = try justInTime.frames(through: "stream_live")
        XCTAssertEqual(witness.compactMap(\.id), ["4", "5"], "a cursor one below the oldest is still served")
        let never = try await harness.send("POST", "/__reference/log/trim", body: ["through": 99])
        XCTAssertEqual(never.object["min_retained_id"], "5", "the newest event is never dropped")
    }

    func testACursorPastTheHeadEndsCursorAheadAfterARollback_P31_P99() async throws {
        for number in 0..<4 { _ = try await harness.note("N\(number)") }
        let stream = try open()
        defer { stream.close() }
        _ = try stream.frames(through: "stream_live")
        let rollback = try await harness.send("POST", "/__reference/log/rollback", body: ["to": 2])
        XCTAssertEqual(rollback.status, 200)
        let ended = try stream.next()
        XCTAssertEqual(ended.event, "stream_incomplete", "a restore ends open streams")
        let ahead = try open("4")
        defer { ahead.close() }
        let frames = try ahead.frames(through: "cursor_ahead")
        XCTAssertEqual(frames.first?.json["cursor"], "2")
        XCTAssertEqual(frames.last?.json["requested"], "4")
        XCTAssertEqual(frames.last?.json["head"], "2")
        XCTAssertNil(frames.last?.id)
        _ = try await harness.note("After the restore")
        XCTAssertEqual(try harness.head(), 3, "the next id continues from the restored head")
        let items = try await harness.send("GET", "/items")
        XCTAssertEqual(items.data.count, 5, "a rollback keeps the items")
    }

    func testTheStreamsEndHookEndsEveryStreamWithItsReason_P31_P99() async throws {
        _ = try await harness.note("One")
        let first = try open()
        let second = try open("0")
        defer {
            first.close()
            second.close()
        }
        _ = try first.frames(through: "stream_live")
        _ = try second.frames(through: "stream_live")
        let hook = try await harness.send("POST", "/__reference/streams/end", body: ["reason": "reader_behind"])
        XCTAssertEqual(hook.object["ended"], 2)
        let endOfFirst = try first.next()
        XCTAssertEqual(endOfFirst.event, "stream_incomplete")
        XCTAssertEqual(endOfFirst.json["reason"], "reader_behind")
        XCTAssertEqual(endOfFirst.json["cursor"], .null, "nothing was sent on it")
        let endOfSecond = try second.next()
        XCTAssertEqual(endOfSecond.json["cursor"], "1", "the last id sent")
        XCTAssertTrue(first.waitForEnd())
    }

    func testStoppingTheInstanceEndsStreamsWithServerStopping_P31() async throws {
        let other = try await InstanceHarness.start()
        let stream = try EventStreamClient(port: other.port, key: other.key)
        defer { stream.close() }
        _ = try stream.frames(through: "stream_live")
        let stopping = Task { await other.finish() }
        let last = try stream.next()
        XCTAssertEqual(last.event, "stream_incomplete")
        XCTAssertEqual(last.json["reason"], "server_stopping")
        XCTAssertNil(last.id)
        XCTAssertTrue(stream.waitForEnd())
        await stopping.value
    }

    func testStreamRefusalsComeInTheInstancesOrder_P28() async throws {
        let unknownKey = try open(key: "marfa_k1_unknown")
        XCTAssertEqual(unknownKey.status, 401)
        let noType = try await harness.instance.mintKey(KeyGrants(types: [:]))
        XCTAssertEqual(try open(query: "?bogus=1", key: noType).status, 403, "a key reaching no type first")
        XCTAssertEqual(try open(query: "?bogus=1").status, 400)
        XCTAssertEqual(try open(query: "?type=*").status, 400)
        XCTAssertEqual(try open(query: "?type=core.nothing").status, 400)
        XCTAssertEqual(try open(query: "?edges=some").status, 400)
        XCTAssertEqual(try open(query: "?copy=1").status, 400, "the reference serves the plain stream only")
        for malformed in ["01", "-1", "abc", "9223372036854775808"] {
            XCTAssertEqual(try open(malformed).status, 400, malformed)
        }
        let empty = try open("")
        defer { empty.close() }
        XCTAssertEqual(empty.status, 200, "an empty Last-Event-ID means none")
    }

    func testAStreamShowsOnlyWhatItsKeyReadsAndItsTypeFilterSelects_P35() async throws {
        let key = try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let note = try await harness.note("Seen")
        let task = try await harness.send(
            "POST", "/items", body: ["type": "core.task", "properties": ["title": "Unseen"]])
        _ = try await harness.send(
            "POST", "/edges",
            body: ["source_id": task.item["id"] ?? nil, "target_id": note["id"] ?? nil, "edge_type": "about"])
        _ = try await harness.send(
            "POST", "/edges",
            body: ["source_id": note["id"] ?? nil, "target_id": task.item["id"] ?? nil, "edge_type": "about"])
        let narrowed = try open("0", key: key)
        defer { narrowed.close() }
        let frames = try narrowed.frames(through: "stream_live")
        XCTAssertEqual(frames.map(\.event), ["stream_cursor", "item.created", "edge.created", "stream_live"])
        XCTAssertEqual(frames[2].id, "4", "only the edge whose source the key reads")
        XCTAssertEqual(frames.last?.json["cursor"], "4")
        let filtered = try open("0", query: "?type=core.task&edges=none")
        defer { filtered.close() }
        let onlyTasks = try filtered.frames(through: "stream_live")
        XCTAssertEqual(onlyTasks.map(\.event), ["stream_cursor", "item.created", "stream_live"])
        XCTAssertEqual(onlyTasks[1].id, "2")
        XCTAssertEqual(onlyTasks.last?.json["cursor"], "4", "stream_live names at least the head")
    }
}
