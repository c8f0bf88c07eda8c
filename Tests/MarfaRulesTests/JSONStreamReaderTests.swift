import XCTest
@testable import MarfaRules

/// The member-by-member reader the copy reads listing pages with: the same values and refusals as the whole-document
/// parser, and a skim that finds a member after values it steps over unread.
final class JSONStreamReaderTests: XCTestCase {
    func testWalkingAnObjectMemberByMemberReadsWhatTheTreeReads() throws {
        var generator = SplitMixRandom(seed: 11)
        for _ in 0..<300 {
            var members = JSONObject()
            for index in 0..<Int.random(in: 0..<6, using: &generator) {
                members["m\(index)"] = JSONValue.random(depth: 3, using: &generator)
            }
            let text = try JSONValue.object(members).json()
            var reader = JSONStreamReader(Array(" \n\(text) ".utf8))
            try reader.enterObject()
            var walked = JSONObject()
            while let key = try reader.nextKey() { walked[key] = try reader.value() }
            try reader.finish()
            XCTAssertEqual(walked, members, text)
        }
    }

    func testWalkingAnArrayElementByElementAndSkippingFindsTheLastMember() throws {
        let text = #"{"data": [{"s": "a\"}]\\", "n": [1, {"x": null}], "e": -1.5e3}, [], "q\\\"", true], "next": "c"}"#
        var reader = JSONStreamReader(Array(text.utf8))
        try reader.enterObject()
        XCTAssertEqual(try reader.nextKey(), "data")
        try reader.enterArray()
        var elements: [JSONValue] = []
        while try reader.nextElement() { elements.append(try reader.value()) }
        XCTAssertEqual(elements, try JSONValue(json: text).object?["data"]?.array)
        XCTAssertEqual(try reader.nextKey(), "next")
        XCTAssertEqual(try reader.value(), "c")
        XCTAssertNil(try reader.nextKey())
        try reader.finish()
        var skimmer = JSONStreamReader(Array(text.utf8))
        try skimmer.enterObject()
        XCTAssertEqual(try skimmer.nextKey(), "data")
        try skimmer.skipValue()
        XCTAssertEqual(try skimmer.nextKey(), "next", "the skip ends after the array, not at a bracket inside a string")
        XCTAssertEqual(try skimmer.value(), "c")
    }

    func testTheWalkRefusesWhatTheTreeRefuses() {
        let refused = [
            #"{"a":1,}"#, #"{"a":1 "b":2}"#, #"{"a":1,"a":2}"#, #"{"a" 1}"#, #"{1:2}"#, #"{"a":1]"#, #"{"a":1"#,
            #"{"a":[1,]}"#, #"{"a":[1 2]}"#, #"{"a":1} x"#, #"{,"a":1}"#,
        ]
        for text in refused {
            XCTAssertThrowsError(try JSONValue(json: text), "the tree refuses \(text)")
            XCTAssertThrowsError(try walk(text), "the walk refuses \(text)") { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "invalid", text)
            }
        }
        XCTAssertNoThrow(try walk(#"{"a":[1,{"b":[]}],"c":{}}"#), "a witness: the same walk reads a good document")
    }

    func testInvalidUTF8IsRefusedWhereverTheStringsASCIIRunEnds() throws {
        for prefix in 0..<18 {
            let head = Array(repeating: UInt8(ascii: "a"), count: prefix)
            for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0x80]] {
                XCTAssertThrowsError(try JSONValue(jsonBytes: [0x22] + head + bad + [0x62, 0x22]), "\(prefix) \(bad)")
            }
            let good = [0x22] + head + Array("é😀b".utf8) + [0x22]
            XCTAssertEqual(try JSONValue(jsonBytes: good), .string(String(repeating: "a", count: prefix) + "é😀b"))
        }
    }

    /// Walks every member and element of `text`, reading scalars whole.
    private func walk(_ text: String) throws {
        var reader = JSONStreamReader(Array(text.utf8))
        try walkValue(&reader)
        try reader.finish()
    }

    private func walkValue(_ reader: inout JSONStreamReader) throws {
        if reader.isAtObject {
            try reader.enterObject()
            while try reader.nextKey() != nil { try walkValue(&reader) }
        } else if reader.isAtArray {
            try reader.enterArray()
            while try reader.nextElement() { try walkValue(&reader) }
        } else {
            _ = try reader.value()
        }
    }
}
