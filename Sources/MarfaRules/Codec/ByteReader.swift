
/// Reads the engine's binary encoding back, refusing truncated or malformed input with `store_corrupt`.
package struct ByteReader {
    private let bytes: [UInt8]
    /// The offset just past the last byte this reader may read.
    private let end: Int
    /// The offset of the next unread byte.
    package private(set) var offset: Int

    /// Starts reading `bytes` at `offset`, up to `end` (the whole array by default): a reader of one chunk of a
    /// larger buffer treats `end` as the end of its bytes.
    package init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.end = end ?? bytes.count
        self.offset = offset
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { offset >= end }

    private func corrupt(_ what: String) -> MarfaError {
        .storeCorrupt(path: "", offset: Int64(offset), message: "malformed record: \(what)")
    }

    /// The reasons a reader gives when it ran out of bytes: what follows its end might complete what it was
    /// reading.
    private enum Shortfall: String, CaseIterable {
        case truncated = "truncated"
        case truncatedDouble = "truncated double"
        case countPastTheEnd = "count past the end"
    }

    private func corrupt(_ shortfall: Shortfall) -> MarfaError { corrupt(shortfall.rawValue) }

    /// The messages of `Shortfall`s, as `corrupt` spells them.
    private static let ranOut = Set(Shortfall.allCases.map { "malformed record: \($0.rawValue)" })

    /// Whether `error`, thrown by a reader, says it ran out of bytes rather than that the bytes it read are
    /// malformed (for a reader of a buffer that more bytes may extend).
    package static func ranOutOfBytes(_ error: MarfaError) -> Bool {
        guard case .storeCorrupt(_, _, let message) = error else { return false }
        return ranOut.contains(message)
    }

    /// Reads one byte.
    package mutating func readByte() throws(MarfaError) -> UInt8 {
        guard offset < end else { throw corrupt(.truncated) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads an unsigned LEB128 integer.
    package mutating func readVarint() throws(MarfaError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64 else { throw corrupt("varint too long") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// Reads a count and checks it cannot exceed the bytes left (each element takes at least one byte).
    package mutating func readCount() throws(MarfaError) -> Int {
        let count = try readVarint()
        guard count <= UInt64(end - offset) else { throw corrupt(.countPastTheEnd) }
        return Int(count)
    }

    /// Reads a zig-zag LEB128 signed integer.
    package mutating func readSigned() throws(MarfaError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// Reads a little-endian double.
    package mutating func readDouble() throws(MarfaError) -> Double {
        guard offset + 8 <= end else { throw corrupt(.truncatedDouble) }
        var raw: UInt64 = 0
        for index in 0..<8 { raw |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return Double(bitPattern: raw)
    }

    /// Reads a length-prefixed UTF-8 string, validated once (`UTF8Text`).
    package mutating func readString() throws(MarfaError) -> String {
        try readUTF8(UTF8Text.string)
    }

    /// Reads a length-prefixed string and answers what `body` makes of its UTF-8 bytes, which it must not keep:
    /// for a caller that parses the text rather than holding it, so no string is built.
    package mutating func readUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(MarfaError)
        -> Result
    {
        let count = try readCount()
        let start = offset
        offset += count
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<(start + count)])) }
    }

    /// Reads an optional string written by `write(optional:)`.
    package mutating func readOptionalString() throws(MarfaError) -> String? {
        try readByte() == 0 ? nil : try readString()
    }

    /// Reads an optional signed integer written by `write(optionalSigned:)`.
    package mutating func readOptionalSigned() throws(MarfaError) -> Int64? {
        try readByte() == 0 ? nil : try readSigned()
    }

    /// Reads a list of strings.
    package mutating func readStrings() throws(MarfaError) -> [String] {
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    /// Reads a JSON value written by `write(json:)`.
    package mutating func readJSON() throws(MarfaError) -> JSONValue {
        switch try readByte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .integer(try readSigned())
        case 4: return .number(try readDouble())
        case 5: return .string(try readString())
        case 6:
            let count = try readCount()
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try readJSON()) }
            return .array(elements)
        case 7: return .object(try readObject())
        default: throw corrupt("unknown JSON tag")
        }
    }

    /// Moves past a length-prefixed string without building it.
    package mutating func skipString() throws(MarfaError) {
        offset += try readCount()
    }

    /// Moves past a JSON value written by `write(json:)`, checking its structure as `readJSON` does, without
    /// building it.
    package mutating func skipJSON() throws(MarfaError) {
        switch try readByte() {
        case 0, 1, 2: return
        case 3: _ = try readVarint()
        case 4:
            guard offset + 8 <= end else { throw corrupt(.truncatedDouble) }
            offset += 8
        case 5: try skipString()
        case 6:
            for _ in 0..<(try readCount()) { try skipJSON() }
        case 7: try skipObject()
        default: throw corrupt("unknown JSON tag")
        }
    }

    /// Moves past a JSON object written by `write(object:)` without building it.
    package mutating func skipObject() throws(MarfaError) {
        for _ in 0..<(try readCount()) {
            try skipString()
            try skipJSON()
        }
    }

    /// Reads a JSON object written by `write(object:)`.
    package mutating func readObject() throws(MarfaError) -> JSONObject {
        let count = try readCount()
        var members = JSONObject(minimumCapacity: count)
        for _ in 0..<count {
            let key = try readString()
            members[key] = try readJSON()
        }
        return members
    }
}
