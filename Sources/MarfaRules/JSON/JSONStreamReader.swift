/// Walks a JSON document's objects and arrays member by member, so that a reader of a known shape builds its own
/// values from the bytes and parses into `JSONValue` only the members it keeps whole.
///
/// It is as strict as `JSONValue(jsonBytes:)`: the same refusals, duplicate keys and the nesting limit included.
package struct JSONStreamReader {
    private var parser: JSONParser
    /// Per open container, innermost last: the keys an object has read (nil for an array), and whether a member
    /// has been read yet.
    private var levels: [(keys: [String]?, isFirst: Bool)] = []

    /// Starts at the document's first value.
    package init(_ bytes: [UInt8]) {
        parser = JSONParser(bytes)
        parser.skipWhitespace()
    }

    /// Whether the value at the current position is an object.
    package var isAtObject: Bool { parser.current == UInt8(ascii: "{") }

    /// Whether the value at the current position is an array.
    package var isAtArray: Bool { parser.current == UInt8(ascii: "[") }

    /// Steps into the object at the current position; throws `invalid` when the value there is not an object.
    package mutating func enterObject() throws(MarfaError) {
        guard isAtObject else { throw parser.failure("expected an object") }
        try parser.enterContainer()
        levels.append(([], true))
    }

    /// Steps into the array at the current position; throws `invalid` when the value there is not an array.
    package mutating func enterArray() throws(MarfaError) {
        guard isAtArray else { throw parser.failure("expected an array") }
        try parser.enterContainer()
        levels.append((nil, true))
    }

    /// The next key of the innermost object, with the position moved to its value; nil after the last member, with
    /// the object left.
    package mutating func nextKey() throws(MarfaError) -> String? {
        guard try continues(closingWith: UInt8(ascii: "}")) else { return nil }
        guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a key") }
        let key = try parser.parseString()
        if levels[levels.count - 1].keys?.contains(key) == true { throw parser.failure("duplicate key \"\(key)\"") }
        levels[levels.count - 1].keys?.append(key)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: ":") else { throw parser.failure("expected ':'") }
        parser.advance()
        parser.skipWhitespace()
        return key
    }

    /// Whether the innermost array has another element, with the position moved to it; false after the last, with
    /// the array left.
    package mutating func nextElement() throws(MarfaError) -> Bool {
        try continues(closingWith: UInt8(ascii: "]"))
    }

    /// The whole value at the current position.
    package mutating func value() throws(MarfaError) -> JSONValue {
        try parser.parseValue()
    }

    /// Steps over the value at the current position without reading it: strings are scanned for their closing
    /// quote, containers for their closing byte. It checks only what it needs to find the value's end, so a reader
    /// that skims a document this way reads it in full before trusting it.
    package mutating func skipValue() throws(MarfaError) {
        var open = 0
        repeat {
            parser.skipWhitespace()
            guard let byte = parser.current else { throw parser.failure("unexpected end") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open += 1
                parser.advance()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard open > 0 else { throw parser.failure("unexpected character") }
                open -= 1
                parser.advance()
            case UInt8(ascii: "\""):
                try parser.skipString()
            default:
                parser.skipScalar()
            }
        } while open > 0
    }

    /// Throws unless only whitespace follows the document's value.
    package mutating func finish() throws(MarfaError) {
        parser.skipWhitespace()
        guard parser.current == nil else { throw parser.failure("unexpected text after the document") }
    }

    /// Steps over the comma before a member or element; false, with the container left, at its closing byte.
    private mutating func continues(closingWith closing: UInt8) throws(MarfaError) -> Bool {
        parser.skipWhitespace()
        guard let byte = parser.current else { throw parser.failure("unexpected end") }
        if byte == closing {
            parser.leaveContainer()
            levels.removeLast()
            return false
        }
        if levels[levels.count - 1].isFirst {
            levels[levels.count - 1].isFirst = false
            return true
        }
        guard byte == UInt8(ascii: ",") else {
            throw parser.failure(closing == UInt8(ascii: "}") ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        parser.advance()
        parser.skipWhitespace()
        return true
    }
}
