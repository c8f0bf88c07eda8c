import Foundation

extension JSONValue {
    /// Reads strict RFC 8259 text; malformed text, duplicate keys, lone surrogates and deep nesting throw `invalid`.
    public init(json text: String) throws(MarfaError) {
        var parser = JSONParser(Array(text.utf8))
        self = try parser.parseDocument()
    }

    /// Reads strict RFC 8259 bytes; see `init(json:)`.
    public init(jsonBytes bytes: some Collection<UInt8>) throws(MarfaError) {
        var parser = JSONParser(Array(bytes))
        self = try parser.parseDocument()
    }

    /// Writes this value as compact JSON with object members in their order; a non-finite number throws `invalid`.
    public func json() throws(MarfaError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        try write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes this value as compact JSON bytes with object members in their order.
    package func jsonBytes() throws(MarfaError) -> [UInt8] {
        var out: [UInt8] = []
        try write(into: &out)
        return out
    }

    /// Appends this value to `out` as compact JSON with object members in their order, as `jsonBytes()` writes it.
    package func write(into out: inout [UInt8]) throws(MarfaError) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .number(let value):
            guard value.isFinite else { throw MarfaError.invalid(message: "a JSON number must be finite") }
            out.append(contentsOf: Self.text(of: value).utf8)
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                try element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                try member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func text(of number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 {
            return String(format: "%.1f", number)
        }
        return "\(number)"
    }

    /// Writes `text` quoted, copying each run of bytes that needs no escape in one append.
    package static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            while true {
                let stop = JSONStringScan.firstSpecialByte(in: bytes, from: runStart)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<stop]))
                guard stop < bytes.count else { break }
                writeEscape(of: bytes[stop], into: &out)
                runStart = stop + 1
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Writes the escape of a quote, a backslash or a control byte.
    private static func writeEscape(of byte: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22, 0x5C: out.append(byte)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
