/// One header line: its name as sent and its value with surrounding whitespace removed.
package struct HTTPHeaderField: Sendable, Equatable {
    /// The field name, in the case it was written.
    package var name: String
    /// The field value.
    package var value: String

    /// Makes a field from a name and a value.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields with case-insensitive lookup by name.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added or received.
    package private(set) var fields: [HTTPHeaderField]

    /// Makes a header list from fields in order.
    package init(_ fields: [HTTPHeaderField] = []) {
        self.fields = fields
    }

    /// Makes a header list from `name: value` pairs in order.
    package init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    /// Iterates the fields in order.
    package func makeIterator() -> IndexingIterator<[HTTPHeaderField]> {
        fields.makeIterator()
    }

    /// The number of fields, repeated names counted each time.
    package var count: Int { fields.count }

    /// The first value for `name`, compared without regard to ASCII case; setting replaces every field of that name
    /// (nil removes them).
    package subscript(name: String) -> String? {
        get { fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
        set {
            remove(name)
            if let newValue { add(name, newValue) }
        }
    }

    /// Every value for `name` in order, compared without regard to ASCII case.
    package func values(for name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    package func contains(_ name: String) -> Bool {
        fields.contains { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Whether any `name` field lists `token` among its comma-separated elements (as `Connection: close` does).
    package func containsToken(_ token: String, in name: String) -> Bool {
        tokens(for: name).contains { $0.equalsIgnoringASCIICase(token) }
    }

    /// The comma-separated elements of every `name` field, trimmed, empty ones dropped.
    package func tokens(for name: String) -> [String] {
        values(for: name).flatMap { value in
            value.split(separator: ",").map { $0.trimmingHTTPWhitespace() }.filter { !$0.isEmpty }
        }
    }

    /// Appends a field, keeping any earlier ones of the same name.
    package mutating func add(_ name: String, _ value: String) {
        fields.append(HTTPHeaderField(name: name, value: value))
    }

    /// Removes every field named `name`.
    package mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }
}

extension StringProtocol {
    /// Whether two strings are equal once ASCII letters are folded to one case.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let left = utf8
        let right = other.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }

    /// The string without leading and trailing spaces and horizontal tabs.
    func trimmingHTTPWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == .space || bytes[start] == .tab { start += 1 }
        while end > start, bytes[end - 1] == .space || bytes[end - 1] == .tab { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
