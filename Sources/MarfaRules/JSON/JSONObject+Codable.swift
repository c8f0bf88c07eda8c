extension JSONObject: Codable {
    /// A member name used as a coding key.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }

        init?(intValue: Int) { return nil }
    }

    /// Reads an object through a `Decoder` with its members in sorted key order: a keyed container does not say
    /// the order its text was written in (swift-api.md 1.20; use `JSONValue(json:)` to keep it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        let names = container.allKeys.map(\.stringValue).sorted()
        self.init(minimumCapacity: names.count)
        for name in names {
            self[name] = try container.decode(JSONValue.self, forKey: MemberKey(stringValue: name))
        }
    }

    /// Writes the members through an `Encoder` in their order; the encoder may reorder them (`.sortedKeys`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for (key, value) in self {
            try container.encode(value, forKey: MemberKey(stringValue: key))
        }
    }
}

extension JSONObject {
    /// This object with its members in ascending key order; nested objects keep theirs.
    package func sortedByKey() -> JSONObject {
        JSONObject(uniqueKeysWithValues: sorted { $0.key < $1.key }.lazy.map { ($0.key, $0.value) })
    }

    /// This object as a `Codable` round trip gives it back: keys sorted at every depth, arrays in their order.
    package func sortedAtEveryDepth() -> JSONObject {
        var sorted = JSONObject(minimumCapacity: count)
        for key in keys.sorted() {
            if let value = self[key] { sorted[key] = Self.sortedAtEveryDepth(value) }
        }
        return sorted
    }

    private static func sortedAtEveryDepth(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object(members.sortedAtEveryDepth())
        case .array(let elements): .array(elements.map(sortedAtEveryDepth))
        default: value
        }
    }
}
