import XCTest
@testable import MarfaRules

final class JSONValueTests: XCTestCase {
    func testIntegersStayExactThroughTheParser() throws {
        let value = try JSONValue(json: #"{"a": 9007199254740993, "b": 1.0, "c": 1e2, "d": 1.5, "e": -0}"#)
        XCTAssertEqual(value.object?["a"], .integer(9_007_199_254_740_993))
        XCTAssertEqual(value.object?["b"], .integer(1))
        XCTAssertEqual(value.object?["c"], .integer(100))
        XCTAssertEqual(value.object?["d"], .number(1.5))
        XCTAssertEqual(value.object?["e"], .integer(0))
    }

    func testStrictParserRefusesWhatRFC8259Refuses() {
        let refused = [
            "{\"a\":1,}", "[1,]", "{\"a\":1,\"a\":2}", "// c\n1", "\"\\ud800\"", "\"\\udc00\"", "01", "1.",
            "{a:1}", "'x'", "[1 2]", "\"\u{01}\"", "nul", "",
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        ]
        for text in refused {
            XCTAssertThrowsError(try JSONValue(json: text), text) { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "invalid", text)
            }
        }
        XCTAssertNoThrow(try JSONValue(json: String(repeating: "[", count: 512) + String(repeating: "]", count: 512)))
    }

    func testEscapesAndSurrogatePairsRoundTrip() throws {
        let value = try JSONValue(json: #""a\"b\\c\n\u00e9\ud83d\ude00/\/""#)
        XCTAssertEqual(value, .string("a\"b\\c\né😀//"))
        XCTAssertEqual(try JSONValue(json: try value.json()), value)
    }

    func testWriterEscapesExactlyQuotesBackslashesAndControlBytes() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let value = JSONValue.string("plain \"q\" \\ é😀" + controls + "end")
        let expected =
            #""plain \"q\" \\ é😀\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\t\n\u000b\u000c\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001fend""#
        XCTAssertEqual(try value.json(), expected)
        XCTAssertEqual(try JSONValue(json: expected), value)
        XCTAssertEqual(try JSONValue.string("").json(), #""""#)
        XCTAssertEqual(try JSONValue.string("\\").json(), #""\\""#)
    }

    func testReaderFindsQuotesEscapesAndControlBytesAtEveryOffsetOfALongString() throws {
        for length in 0..<40 {
            let filler = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
            for position in 0...filler.utf8.count where filler.utf8.index(filler.utf8.startIndex, offsetBy: position)
                .samePosition(in: filler.unicodeScalars) != nil
            {
                let cut = filler.utf8.index(filler.utf8.startIndex, offsetBy: position)
                let head = String(filler[..<cut])
                let tail = String(filler[cut...])
                XCTAssertEqual(try JSONValue(json: "\"\(head)\\n\(tail)\""), .string(head + "\n" + tail))
                XCTAssertEqual(try JSONValue(json: "\"\(head)\\\"\(tail)x\""), .string(head + "\"" + tail + "x"))
                XCTAssertThrowsError(try JSONValue(json: "\"\(head)\u{1F}\(tail)\"")) { error in
                    XCTAssertTrue("\(error)".contains("control character"), "\(error)")
                }
                XCTAssertThrowsError(try JSONValue(json: "\"\(head)"))
            }
        }
    }

    /// swift-api.md 1.20 (issue 29): `json()` keeps the members' order; it sorted them before Decision 0113.
    func testWriterKeepsKeyOrderAndRefusesNonFiniteNumbers_Issue29() throws {
        let value: JSONValue = ["b": 1, "a": [true, nil, 2.5, "x"]]
        XCTAssertEqual(try value.json(), #"{"b":1,"a":[true,null,2.5,"x"]}"#)
        XCTAssertThrowsError(try JSONValue.number(.infinity).json())
    }

    func testRandomValuesRoundTripThroughText() throws {
        var generator = SplitMixRandom(seed: 7)
        for _ in 0..<500 {
            let value = JSONValue.random(depth: 3, using: &generator)
            XCTAssertEqual(try JSONValue(json: try value.json()), value)
        }
    }

    func testWholeNumbersBeyondTwoToThe53AreRefusedInvalidProperties_F076() {
        XCTAssertNoThrow(try ExactIntegerRule.check(["n": .integer(9_007_199_254_740_992)]))
        for value: JSONValue in [.integer(9_007_199_254_740_993), .number(1e17), ["x": .integer(-9_007_199_254_740_993)]] {
            XCTAssertThrowsError(try ExactIntegerRule.check(["n": value])) { error in
                guard case MarfaError.validation(let code, _, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(code, "invalid_properties")
            }
        }
    }
}

extension JSONValue {
    static func random(depth: Int, using generator: inout SplitMixRandom) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &generator) + 0.5)
        case 4:
            let scalars = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                Character(Unicode.Scalar(UInt32.random(in: 0x20...0x2FF, using: &generator)) ?? "x")
            }
            return .string(String(scalars))
        case 5:
            return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                random(depth: depth - 1, using: &generator)
            })
        default:
            var members = JSONObject()
            for index in 0..<Int.random(in: 0..<4, using: &generator) {
                members["k\(index)"] = random(depth: depth - 1, using: &generator)
            }
            return .object(members)
        }
    }
}
