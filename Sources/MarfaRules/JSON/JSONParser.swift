/// A strict RFC 8259 reader over UTF-8 bytes that keeps integers exact.
///
/// It refuses comments, trailing commas, duplicate keys, lone surrogates and nesting past
/// `JSONValue.nestingLimit`. A number with no fraction left after its exponent (`1.0`, `1e2`)
/// that fits `Int64` reads as `.integer`.
struct JSONParser {
    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    private(set) var index = 0
    /// How many containers are open.
    private(set) var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(MarfaError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the document") }
        return value
    }

    /// The error for malformed text at the current offset.
    func failure(_ what: String) -> MarfaError {
        .invalid(message: "malformed JSON at byte \(index): \(what)")
    }

    /// Steps past spaces, tabs and line ends.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Reads the value that starts at the current offset.
    mutating func parseValue() throws(MarfaError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectWord(_ word: String) throws(MarfaError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected
        else { throw failure("unknown literal") }
        index += expected.count
    }

    /// Steps into an object or array whose opening byte is at the current offset, refusing nesting past the limit.
    mutating func enterContainer() throws(MarfaError) {
        depth += 1
        guard depth <= JSONValue.nestingLimit else { throw failure("nesting deeper than \(JSONValue.nestingLimit)") }
        index += 1
        skipWhitespace()
    }

    /// The byte at the current offset, or nil at the end of the document.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Steps past the byte at the current offset.
    mutating func advance() {
        index += 1
    }

    /// Steps out of a container whose closing byte is at the current offset.
    mutating func leaveContainer() {
        index += 1
        depth -= 1
    }

    private mutating func parseObject() throws(MarfaError) -> JSONValue {
        try enterContainer()
        var members = JSONObject()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            guard members.updateValue(value, forKey: key) == nil else { throw failure("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(MarfaError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            depth -= 1
            return .array(elements)
        }
    }

    /// Reads the string whose opening quote is at the current offset.
    mutating func parseString() throws(MarfaError) -> String {
        index += 1
        var stop = specialByte(from: index)
        var utf8: [UInt8] = []
        var escaped = false
        var runStart = index
        while true {
            guard stop < bytes.count else {
                index = stop
                throw failure("unterminated string")
            }
            let byte = bytes[stop]
            if byte < 0x20 {
                index = stop
                throw failure("control character in a string")
            }
            if byte == UInt8(ascii: "\"") {
                let text = escaped ? escapedText(&utf8, adding: runStart..<stop) : plainText(runStart..<stop)
                guard let text else {
                    index = stop
                    throw failure("invalid UTF-8")
                }
                index = stop + 1
                return text
            }
            utf8.append(contentsOf: bytes[runStart..<stop])
            escaped = true
            index = stop + 1
            UTF8.encode(try parseEscape()) { utf8.append($0) }
            runStart = index
            stop = specialByte(from: index)
        }
    }

    /// Steps past the string whose opening quote is at the current offset, finding its closing quote without
    /// decoding it; escapes are stepped over, not checked.
    mutating func skipString() throws(MarfaError) {
        var at = index + 1
        while true {
            at = specialByte(from: at)
            guard at < bytes.count else {
                index = at
                throw failure("unterminated string")
            }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                index = at + 1
                return
            case UInt8(ascii: "\\"): at += 2
            default: at += 1
            }
        }
    }

    /// Steps past a number or a literal, or over one structural byte (a colon or comma), without checking it.
    mutating func skipScalar() {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: ":"), UInt8(ascii: ","):
            index += 1
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""),
                    0x20, 0x09, 0x0A, 0x0D:
                    return
                default: index += 1
                }
            }
        }
    }

    /// The document's bytes in `range` as a string, made with no buffer of its own (most strings on the wire).
    private func plainText(_ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { buffer in Self.text(UnsafeBufferPointer(rebasing: buffer[range])) }
    }

    /// `utf8` with the document's bytes in `range` added, as a string.
    private func escapedText(_ utf8: inout [UInt8], adding range: Range<Int>) -> String? {
        utf8.append(contentsOf: bytes[range])
        return utf8.withUnsafeBufferPointer(Self.text)
    }

    /// `utf8` as a string, or nil when it is not valid UTF-8. ASCII, which needs no check, is made without the
    /// generic validating initializer, whose type metadata lookups cost more than the copy on every short string.
    private static func text(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        if JSONStringScan.isASCII(utf8) { return String(decoding: utf8, as: UTF8.self) }
        return String(validating: utf8, as: UTF8.self)
    }

    /// The offset of the first quote, backslash or control byte at or after `start`, or the end of the document.
    private func specialByte(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { JSONStringScan.firstSpecialByte(in: $0, from: start) }
    }

    private mutating func parseEscape() throws(MarfaError) -> Unicode.Scalar {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default: throw failure("unknown escape")
        }
    }

    private mutating func parseHex4() throws(MarfaError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("bad hex digit")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(MarfaError) -> Unicode.Scalar {
        let first = try parseHex4()
        if (0xDC00...0xDFFF).contains(first) { throw failure("lone low surrogate") }
        if (0xD800...0xDBFF).contains(first) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw failure("lone high surrogate") }
            index += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("lone high surrogate") }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw failure("bad surrogate pair") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("bad \\u escape") }
        return scalar
    }

    private mutating func parseNumber() throws(MarfaError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw failure("bad number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        } else {
            throw failure("bad number")
        }
        var isWhole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("bad fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isWhole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("bad exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isWhole, let exact = Int64(text) { return .integer(exact) }
        guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
        if !isWhole, double.rounded() == double, abs(double) <= 9_007_199_254_740_992 {
            return .integer(Int64(double))
        }
        return .number(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
