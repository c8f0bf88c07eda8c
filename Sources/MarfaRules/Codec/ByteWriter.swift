
/// Appends the engine's binary encoding: little-endian fixed integers, LEB128 lengths, UTF-8 strings.
package struct ByteWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// Starts an empty buffer with room for `capacity` bytes.
    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its capacity, so a streaming encoder can reuse it for the next chunk.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes one byte.
    package mutating func write(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Writes an unsigned integer as LEB128 (one byte for values below 128).
    package mutating func write(varint value: UInt64) {
        Self.append(varint: value, to: &bytes)
    }

    /// Appends `value` as LEB128 to `bytes`: `write(varint:)` for a caller that keeps its own byte array.
    @inline(__always)
    package static func append(varint value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Writes a signed integer as zig-zag LEB128.
    package mutating func write(signed value: Int64) {
        write(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Writes a double as its 8 little-endian bytes.
    package mutating func write(double value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes a string as its UTF-8 length and bytes.
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    /// Writes UTF-8 bytes as a string: their length, then the bytes.
    package mutating func write(utf8: UnsafeBufferPointer<UInt8>) {
        write(varint: UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Writes an optional string: a presence byte, then the string.
    package mutating func write(optional text: String?) {
        guard let text else { return write(0) }
        write(1)
        write(text)
    }

    /// Writes an optional signed integer: a presence byte, then the integer.
    package mutating func write(optionalSigned value: Int64?) {
        guard let value else { return write(0) }
        write(1)
        write(signed: value)
    }

    /// Writes a list of strings.
    package mutating func write(strings: [String]) {
        write(varint: UInt64(strings.count))
        for text in strings { write(text) }
    }

    /// Writes a JSON value with a one-byte tag per node.
    package mutating func write(json value: JSONValue) {
        switch value {
        case .null: write(0)
        case .bool(let flag): write(flag ? 2 : 1)
        case .integer(let number): write(3); write(signed: number)
        case .number(let number): write(4); write(double: number)
        case .string(let text): write(5); write(text)
        case .array(let elements):
            write(6)
            write(varint: UInt64(elements.count))
            for element in elements { write(json: element) }
        case .object(let members): write(7); write(object: members)
        }
    }

    /// Writes a JSON object's members in their order, so equal objects encode to equal bytes and a reopened store
    /// reads them back in the order they were written (Decision 0113; stores written before kept them sorted).
    package mutating func write(object members: JSONObject) {
        write(varint: UInt64(members.count))
        for member in members {
            write(member.key)
            write(json: member.value)
        }
    }
}
