/// An object of JSON values keyed by member name, as items, edges and extensions carry them, in insertion order
/// (swift-api.md 1.20, P-60; Decision 0113).
///
/// It is a random-access collection of `(key, value)` members in the order they were first set; a key is looked up
/// in O(1) through an index beside the ordered members. Setting an existing key keeps its place, a new key is
/// appended and setting `nil` removes the member. Equality and hashing are order-sensitive: `["a": 1, "b": 2]` and
/// `["b": 2, "a": 1]` are different objects. It refuses nothing: a repeated key keeps its first place and its last
/// value.
public struct JSONObject: Sendable, Hashable {
    /// The member names, in order.
    public private(set) var keys: [String]
    /// The member values, in the order of `keys`.
    public private(set) var values: [JSONValue]
    /// Where each key sits in `keys` and `values`.
    private var positions: [String: Int]

    /// An empty object.
    public init() {
        keys = []
        values = []
        positions = [:]
    }

    /// An empty object with room for `minimumCapacity` members.
    public init(minimumCapacity: Int) {
        self.init()
        reserveCapacity(minimumCapacity)
    }

    /// The members of `members` in their order; a repeated key keeps its first place and `combine`'s value.
    public init<S: Sequence>(
        _ members: S, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in members {
            if let position = positions[key] {
                values[position] = try combine(values[position], value)
            } else {
                append(key, value)
            }
        }
    }

    /// The members of `members` in their order; a repeated key keeps its first place and its last value, where
    /// `Dictionary(uniqueKeysWithValues:)` would trap.
    public init<S: Sequence>(uniqueKeysWithValues members: S) where S.Element == (String, JSONValue) {
        self.init(members, uniquingKeysWith: { _, last in last })
    }

    /// The members of an unordered dictionary, in sorted key order, as `Codable` decoding gives them.
    public init(sorting dictionary: [String: JSONValue]) {
        self.init(minimumCapacity: dictionary.count)
        for key in dictionary.keys.sorted() {
            if let value = dictionary[key] { append(key, value) }
        }
    }

    /// Makes room for `minimumCapacity` members without reallocating.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        keys.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
        positions.reserveCapacity(minimumCapacity)
    }

    /// The value under `key`, or nil; setting a value keeps an existing key's place or appends a new key, and
    /// setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = positions[key] else { return nil }
            return values[position]
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The value under `key`, or `defaultValue`; setting it behaves as `subscript(key)` does.
    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { self[key] ?? defaultValue() }
        set { updateValue(newValue, forKey: key) }
    }

    /// The position of `key`'s member, or nil.
    public func index(forKey key: String) -> Int? {
        positions[key]
    }

    /// Sets `key` to `value` in place, or appends it; answers the value it replaced, or nil.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = positions[key] {
            let old = values[position]
            values[position] = value
            return old
        }
        append(key, value)
        return nil
    }

    /// Removes `key`'s member, keeping the others in order; answers the removed value, or nil.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = positions.removeValue(forKey: key) else { return nil }
        keys.remove(at: position)
        let old = values.remove(at: position)
        for later in position..<keys.count { positions[keys[later]] = later }
        return old
    }

    /// Removes every member.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        keys.removeAll(keepingCapacity: keepCapacity)
        values.removeAll(keepingCapacity: keepCapacity)
        positions.removeAll(keepingCapacity: keepCapacity)
    }

    /// The members `isIncluded` keeps, in their order.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        var kept = JSONObject()
        for member in self where try isIncluded(member) { kept.append(member.key, member.value) }
        return kept
    }

    /// Each member's value transformed, in the same order.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var mapped = self
        mapped.values = try values.map(transform)
        return mapped
    }

    /// The members whose transformed value is not nil, in their order.
    public func compactMapValues(_ transform: (JSONValue) throws -> JSONValue?) rethrows -> JSONObject {
        var kept = JSONObject()
        for member in self {
            if let value = try transform(member.value) { kept.append(member.key, value) }
        }
        return kept
    }

    /// Merges `other` into this object: a key both hold keeps its place here and takes `combine`'s value; a new
    /// key is appended in `other`'s order.
    public mutating func merge<S: Sequence>(
        _ other: S, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows where S.Element == Element {
        for (key, value) in other {
            if let position = positions[key] {
                values[position] = try combine(values[position], value)
            } else {
                append(key, value)
            }
        }
    }

    /// This object merged with `other`, as `merge(_:uniquingKeysWith:)` does.
    public func merging<S: Sequence>(
        _ other: S, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows -> JSONObject where S.Element == Element {
        var merged = self
        try merged.merge(other, uniquingKeysWith: combine)
        return merged
    }

    /// Appends a key this object does not hold.
    private mutating func append(_ key: String, _ value: JSONValue) {
        positions[key] = keys.count
        keys.append(key)
        values.append(value)
    }

    /// Whether both objects hold the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    /// Hashes the members in order, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}

extension JSONObject: RandomAccessCollection {
    /// A member: its name and its value.
    public typealias Element = (key: String, value: JSONValue)

    /// The first member's position, 0.
    public var startIndex: Int { 0 }

    /// One past the last member's position.
    public var endIndex: Int { keys.count }

    /// The member at `position`, in insertion order.
    public subscript(position: Int) -> Element {
        (key: keys[position], value: values[position])
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Writes an object in the literal's order; a repeated key keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements, uniquingKeysWith: { _, last in last })
    }
}

extension JSONObject: CustomStringConvertible {
    /// The members in order, as a dictionary literal would show them.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
