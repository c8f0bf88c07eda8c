/// The value a condition compares with: quoted text, a finite number, a Boolean, or none (`exists`, `not_exists`).
public enum FilterValue: Sendable, Hashable {
    /// Text, written double-quoted.
    case text(String)
    /// A finite number, written without an exponent.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// No value: what `exists` and `notExists` carry; refused beside any other operator.
    case null
}

extension FilterValue: Codable {
    /// Reads a JSON string, number, Boolean or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    /// Writes the value as a JSON string, number, Boolean or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        }
    }
}
