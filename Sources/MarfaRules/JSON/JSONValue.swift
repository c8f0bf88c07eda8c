/// A JSON value that keeps whole numbers exact: an integer is held as `Int64`, never rounded through `Double`.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A whole number, kept exact.
    case integer(Int64)
    /// A number with a fraction.
    case number(Double)
    /// Text.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object(JSONObject)

    /// The deepest nesting of arrays and objects the parser accepts.
    public static let nestingLimit = 512

    /// The Boolean this value holds, or nil.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The whole number this value holds, or nil (a `.number` with no fraction counts).
    public var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value) where value.rounded() == value && abs(value) < 9.2e18: return Int64(value)
        default: return nil
        }
    }

    /// The number this value holds as a `Double`, integers included, or nil.
    public var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The text this value holds, or nil.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements this value holds, or nil.
    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members this value holds, or nil.
    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this value is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// Writes `null`.
    public init(nilLiteral: ()) { self = .null }
    /// Writes a Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Writes a whole number, kept exact.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// Writes a number with a fraction.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Writes text.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Writes an array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Writes an object in the literal's order; a repeated key keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements, uniquingKeysWith: { _, last in last }))
    }
}
