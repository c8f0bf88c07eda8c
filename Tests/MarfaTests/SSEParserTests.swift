import Marfa
import XCTest

final class SSEParserTests: XCTestCase {
    /// A stream as an instance writes it: comments, a prologue, events with several data lines and non-ASCII text,
    /// a marker without an id, and CRLF line ends in places.
    private let sample = Array(
        (": connected\n\n"
            + "event: stream_cursor\ndata: {\"event_type\":\"stream_cursor\",\"cursor\":\"12\"}\n\n"
            + "id: 13\r\nevent: item.updated\r\ndata: {\"a\":\r\ndata: \"Zürich 🌍 café\"}\r\n\r\n"
            + ":ping\n"
            + "id: 14\revent: edge.created\rdata:  two spaces\r\r"
            + "event: stream_live\ndata: {\"event_type\":\"stream_live\",\"cursor\":\"20\"}\n\n").utf8)

    private var expected: [SSEOutput] {
        [
            .comment("connected"),
            .frame(SSEFrame(event: "stream_cursor", data: "{\"event_type\":\"stream_cursor\",\"cursor\":\"12\"}")),
            .frame(SSEFrame(id: "13", event: "item.updated", data: "{\"a\":\n\"Zürich 🌍 café\"}")),
            .comment("ping"),
            .frame(SSEFrame(id: "14", event: "edge.created", data: " two spaces")),
            .frame(SSEFrame(event: "stream_live", data: "{\"event_type\":\"stream_live\",\"cursor\":\"20\"}")),
        ]
    }

    private func parse(_ chunks: [[UInt8]]) -> [SSEOutput] {
        var parser = SSEParser()
        return chunks.flatMap { parser.feed($0) }
    }

    func testTheSampleStreamParsesWhole_P29() {
        XCTAssertEqual(parse([sample]), expected)
    }

    func testSplittingTheStreamAtEveryByteBoundaryGivesTheSameFrames_P29() {
        for cut in 0...sample.count {
            let outputs = parse([Array(sample[..<cut]), Array(sample[cut...])])
            XCTAssertEqual(outputs, expected, "split at byte \(cut)")
        }
        XCTAssertEqual(parse(sample.map { [$0] }), expected, "one byte at a time")
    }

    func testCRLFCRAndLFEndLinesAlike_P29() {
        let lines = ["id: 7", "event: item.created", "data: first", "data: second", "", ":ping", "data: m", ""]
        let outputs = ["\n", "\r\n", "\r"].map { end in parse([Array(lines.map { $0 + end }.joined().utf8)]) }
        let frame = SSEFrame(id: "7", event: "item.created", data: "first\nsecond")
        XCTAssertEqual(outputs[0], [.frame(frame), .comment("ping"), .frame(SSEFrame(data: "m"))])
        XCTAssertEqual(outputs[1], outputs[0])
        XCTAssertEqual(outputs[2], outputs[0])
    }

    func testACarriageReturnEndingAChunkAndTheLineFeedOpeningTheNextAreOneLineEnd_P29() {
        let outputs = parse([Array("data: a\r".utf8), Array("\ndata: b\r\n\r\n".utf8)])
        XCTAssertEqual(outputs, [.frame(SSEFrame(data: "a\nb"))])
        let witness = parse([Array("data: a\r\r\ndata: b\r\n\r\n".utf8)])
        XCTAssertEqual(witness.count, 2, "witness: a real blank line between them gives two frames")
    }

    func testCommentsAreReportedApartFromFramesSoAnyOneRestartsTheIdleWindow_WC28() {
        let outputs = parse([Array(": connected\n\n:ping\n: \ndata: x\n\n".utf8)])
        XCTAssertEqual(outputs, [.comment("connected"), .comment("ping"), .comment(""), .frame(SSEFrame(data: "x"))])
    }

    func testOnlyOneLeadingSpaceAfterTheColonIsRemoved_P29() {
        let outputs = parse([Array("data:x\n\ndata: y\n\ndata:  z\n\ndata\n\n".utf8)])
        XCTAssertEqual(outputs.map(\.data), ["x", "y", " z", ""])
    }

    func testAMarkerHasNoIdAndAnIdIsNeverCarriedToTheNextFrame_P29() {
        let outputs = parse([Array("id: 5\ndata: event\n\ndata: marker\n\n".utf8)])
        XCTAssertEqual(outputs, [.frame(SSEFrame(id: "5", data: "event")), .frame(SSEFrame(data: "marker"))])
    }

    func testAnIdHoldingNULIsIgnoredAndAnEmptyIdMeansNone_P29() {
        let outputs = parse([Array("id: 1\u{0}2\ndata: a\n\nid: 3\nid\ndata: b\n\nid: 4\ndata: c\n\n".utf8)])
        XCTAssertEqual(outputs.map(\.id), [nil, nil, "4"])
    }

    func testATrailingPartialLineWaitsForTheNextChunk_P29() {
        var parser = SSEParser()
        XCTAssertEqual(parser.feed(Array("id: 9\nda".utf8)), [])
        XCTAssertEqual(parser.feed(Array("ta: hel".utf8)), [])
        XCTAssertEqual(parser.feed(Array("lo\n".utf8)), [])
        XCTAssertEqual(parser.feed(Array("\n".utf8)), [.frame(SSEFrame(id: "9", data: "hello"))])
    }

    func testAUTF8SequenceSplitAcrossChunksIsReadWhole_P29() {
        let bytes = Array("data: 🌍\n\n".utf8)
        let emoji = 6
        for cut in (emoji + 1)..<(emoji + 4) {
            XCTAssertEqual(parse([Array(bytes[..<cut]), Array(bytes[cut...])]), [.frame(SSEFrame(data: "🌍"))])
        }
    }

    func testAFrameWithNoDataLineIsNotReportedAndUnknownFieldsAreIgnored_P29() {
        let outputs = parse([Array("id: 3\nevent: x\n\nretry: 10\nfoo: bar\ndata: y\n\n".utf8)])
        XCTAssertEqual(outputs, [.frame(SSEFrame(data: "y"))])
    }

    func testALeadingByteOrderMarkIsDropped_P29() {
        XCTAssertEqual(parse([[0xEF, 0xBB], [0xBF] + Array("data: x\n\n".utf8)]), [.frame(SSEFrame(data: "x"))])
        let second = parse([Array("data: \u{FEFF}x\n\n".utf8)])
        XCTAssertEqual(second, [.frame(SSEFrame(data: "\u{FEFF}x"))], "witness: only the stream's first bytes")
    }
}

extension SSEOutput {
    fileprivate var data: String? {
        if case .frame(let frame) = self { return frame.data }
        return nil
    }

    fileprivate var id: String? {
        if case .frame(let frame) = self { return frame.id }
        return nil
    }
}

final class StreamEventDecodingTests: XCTestCase {
    private let itemJSON = """
        {"id":"0190a000-0000-7000-8000-000000000001","type":"core.note","properties":{"title":"Hi","n":3},\
        "state":"active","tier":"library","version":4,"schema_version":1,"source":"device",\
        "occurred_at":"2026-01-01T00:00:00.000Z","created_at":"2026-01-01T00:00:00.000Z",\
        "updated_at":"2026-01-02T00:00:00.000Z","future_member":true}
        """

    private let edgeJSON = """
        {"id":"e1","source_id":"a","target_id":"b","edge_type":"references","properties":{},"version":2,\
        "created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:00:00.000Z"}
        """

    private func decode(_ data: String, id: String? = nil, event: String? = nil) throws -> StreamEvent {
        try StreamEvent(frame: SSEFrame(id: id, event: event, data: data))
    }

    private func assertDecodingError(
        _ data: String, id: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try decode(data, id: id), file: file, line: line) { error in
            XCTAssertEqual((error as? MarfaError)?.code(), "decoding", file: file, line: line)
        }
    }

    func testAnItemEventCarriesTheFullRowWithItsTags_P33() throws {
        let data = """
            {"event_type":"item.created","item":\(itemJSON),\
            "metadata":{"item_id":"x","tags":["a","b"],"extensions":{"app":{"k":1}}}}
            """
        let event = try decode(data, id: "13", event: "item.created")
        guard case .item(let kind, let id, let item, let metadata) = event else {
            return XCTFail("not an item event: \(event)")
        }
        XCTAssertEqual(kind, .itemCreated)
        XCTAssertEqual(id.value, 13)
        XCTAssertEqual(item.type, "core.note")
        XCTAssertEqual(item.version, 4)
        XCTAssertEqual(item.properties["n"], .integer(3))
        XCTAssertEqual(item.tags, ["a", "b"])
        XCTAssertEqual(item.updatedAt, "2026-01-02T00:00:00.000Z")
        XCTAssertEqual(metadata?.extensions["app"], ["k": 1])
        XCTAssertEqual(event.eventID?.value, 13)
        XCTAssertNil(event.terminalError)
    }

    func testTheLegacyTypeMemberNamesTheEventToo_P98() throws {
        let event = try decode("{\"type\":\"item.deleted\",\"item\":\(itemJSON)}", id: "2")
        guard case .item(.itemDeleted, _, let item, nil) = event else { return XCTFail("\(event)") }
        XCTAssertEqual(item.tags, [])
    }

    func testPurgeMetadataAndEdgeEventsDecode_P33() throws {
        let purged = try decode("{\"event_type\":\"item.purged\",\"item\":\(itemJSON)}", id: "3")
        XCTAssertEqual(
            purged, .itemPurged(id: try XCTUnwrap(EventID(3)), itemId: "0190a000-0000-7000-8000-000000000001"))
        let tags = try decode(
            "{\"event_type\":\"metadata.changed\",\"item\":\(itemJSON),\"metadata\":{\"tags\":[\"t\"]}}", id: "4")
        guard case .metadataChanged(_, let item, let metadata) = tags else { return XCTFail("\(tags)") }
        XCTAssertEqual(metadata.tags, ["t"])
        XCTAssertEqual(item.tags, ["t"])
        let edge = try decode(
            "{\"event_type\":\"edge.created\",\"edge\":\(edgeJSON),\"source_type\":\"core.note\"}", id: "5")
        guard case .edge(.edgeCreated, _, let decoded, let sourceType) = edge else { return XCTFail("\(edge)") }
        XCTAssertEqual(decoded.edgeType, "references")
        XCTAssertEqual(decoded.version, 2)
        XCTAssertEqual(sourceType, "core.note")
    }

    func testMarkersNeedNoIdAndCarryTheirCursor_P30_P32() throws {
        XCTAssertEqual(
            try decode("{\"event_type\":\"stream_cursor\",\"cursor\":\"0\"}"),
            .streamCursor(try XCTUnwrap(EventID(0)), fence: nil))
        XCTAssertEqual(try decode("{\"event_type\":\"stream_live\",\"cursor\":null}"), .streamLive(nil, fence: nil))
        let view = String(repeating: "a", count: 64)
        let copyStream = """
            {"event_type":"stream_live","cursor":"20","instance_id":"inst","read_view":"\(view)"}
            """
        XCTAssertEqual(
            try decode(copyStream),
            .streamLive(
                try XCTUnwrap(EventID(20)),
                fence: StreamFence(instanceId: "inst", readView: view)))
    }

    func testTerminalFramesEndTheStreamWithTheirError_P31() throws {
        let old = try decode("{\"event_type\":\"catchup_too_old\",\"min_retained_id\":\"50\",\"requested\":\"10\"}")
        XCTAssertEqual(old, .catchupTooOld(minRetained: EventID(50), requested: EventID(10)))
        XCTAssertEqual(old.terminalError?.code(), "catch_up_too_old", "WC-30, Decision 0103")
        guard case .copyExpired(let reason, _) = old.terminalError else { return XCTFail() }
        XCTAssertEqual(reason, "catchup_too_old")

        let ahead = try decode("{\"event_type\":\"cursor_ahead\",\"requested\":\"500\",\"head\":\"100\"}")
        XCTAssertEqual(ahead, .cursorAhead(requested: EventID(500), head: EventID(100)))
        guard case .copyExpired("cursor_ahead", _) = ahead.terminalError else { return XCTFail() }

        let incomplete = try decode(
            "{\"event_type\":\"stream_incomplete\",\"reason\":\"reader_behind\",\"cursor\":null}")
        XCTAssertEqual(incomplete, .streamIncomplete(reason: "reader_behind", cursor: nil))
        guard case .streamIncomplete("reader_behind", _) = incomplete.terminalError else { return XCTFail() }

        let view = try decode("{\"event_type\":\"read_view_changed\"}")
        guard case .copyExpired("read_view_changed", _) = view.terminalError else { return XCTFail() }
        XCTAssertNil(view.eventID)
    }

    func testAnEventIdMustBeCanonicalDecimalUpToTwoToTheSixtyThreeMinusOne_P28() throws {
        let data = "{\"event_type\":\"item.updated\",\"item\":\(itemJSON)}"
        XCTAssertEqual(try decode(data, id: "9223372036854775807").eventID?.value, Int64.max, "witness: the largest")
        for bad in [nil, "", "012", "-1", "+1", "1.0", " 1", "1a", "9223372036854775808", "99999999999999999999"] {
            assertDecodingError(data, id: bad)
        }
    }

    func testMalformedFramesThrowDecoding_P36() {
        assertDecodingError("{\"event_type\":\"item.updated\",", id: "1")
        assertDecodingError("[1]", id: "1")
        assertDecodingError("{\"event_type\":\"item.teleported\",\"item\":\(itemJSON)}", id: "1")
        assertDecodingError("{\"event_type\":\"item.updated\",\"item\":{\"id\":\"x\"}}", id: "1")
        let badState = itemJSON.replacingOccurrences(of: "\"active\"", with: "\"gone\"")
        assertDecodingError("{\"event_type\":\"item.updated\",\"item\":\(badState)}", id: "1")
        assertDecodingError("{\"event_type\":\"metadata.changed\",\"item\":\(itemJSON)}", id: "1")
        assertDecodingError("{\"event_type\":\"stream_cursor\"}")
        assertDecodingError("{\"event_type\":\"stream_live\",\"cursor\":\"07\"}")
        assertDecodingError("{\"cursor\":\"1\"}")
    }
}
