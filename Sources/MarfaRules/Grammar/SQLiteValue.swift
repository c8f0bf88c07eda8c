/// A value as the instance's SQLite holds it while it answers a filter, with SQLite's rules for comparing,
/// converting and LIKE-matching values of different storage classes.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// What `json_extract` gives for a top-level property: NULL when absent, null or not finite (JavaScript stores
    /// `null`), 1/0 for a Boolean, INTEGER for a whole number stored as digits, REAL for any other number, and TEXT for
    /// text, arrays and objects (their JSON).
    init(extracting value: JSONValue?) {
        switch value {
        case nil, .null?: self = .null
        case .bool(let flag)?: self = .integer(flag ? 1 : 0)
        case .integer(let number)?: self.init(extracting: .number(Double(number)))
        case .number(let number)? where !number.isFinite: self = .null
        case .number(let number)?:
            let isWhole = number.rounded(.towardZero) == number
            self = isWhole && number >= -0x1p63 && number < 0x1p63 ? .integer(Int64(number)) : .real(number)
        case .string(let text)?: self = .text(text)
        case let nested?: self = .text(JavaScriptJSON.text(of: nested))
        }
    }

    /// A literal as the server's driver binds it: text as TEXT, every number and Boolean as a REAL.
    init(binding value: FilterValue) {
        switch value {
        case .text(let text): self = .text(text)
        case .number(let number): self = .real(number)
        case .bool(let flag): self = .real(flag ? 1 : 0)
        case .null: self = .null
        }
    }

    /// The value as text, as SQLite converts it for LIKE or for a TEXT column; nil for NULL.
    var text: String? {
        switch self {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number): return FilterValueText.sqlite(number)
        case .text(let text): return text
        }
    }

    /// `CAST(value AS REAL)`: numbers as doubles, text by its longest numeric prefix (0 when none), NULL as NULL.
    var castToReal: SQLiteValue {
        switch self {
        case .null, .real: return self
        case .integer(let number): return .real(Double(number))
        case .text(let text): return .real(Self.numericPrefix(of: text))
        }
    }

    /// Numbers cast to REAL, any other value as it is (the server's `CASE` for numeric equality).
    var numbersAsReal: SQLiteValue {
        if case .integer = self { return castToReal }
        return self
    }

    /// The value with TEXT affinity applied, as it meets a TEXT column: numbers become their text.
    var withTextAffinity: SQLiteValue {
        text.map(SQLiteValue.text) ?? .null
    }

    /// The value with numeric affinity applied, as it meets an INTEGER column: text that spells a number becomes one.
    var withNumericAffinity: SQLiteValue {
        guard case .text(let text) = self else { return self }
        var bytes = Array(text.utf8.drop(while: Self.isSpace))
        while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
        guard let literal = Self.numericLiteral(in: bytes), literal.length == bytes.count else { return self }
        if literal.isInteger, let whole = Int64(literal.canonical) { return .integer(whole) }
        return .real(Double(literal.canonical) ?? 0)
    }

    /// SQLite's ordering of two values without affinity: nil when either is NULL, else negative, zero or positive.
    /// Numbers come before text; numbers compare by value, text by its UTF-8 bytes.
    static func compare(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Int? {
        switch (lhs, rhs) {
        case (.null, _), (_, .null): return nil
        case (.integer(let left), .integer(let right)): return left < right ? -1 : (left > right ? 1 : 0)
        case (.real(let left), .real(let right)): return left < right ? -1 : (left > right ? 1 : 0)
        case (.integer(let left), .real(let right)): return compare(left, right)
        case (.real(let left), .integer(let right)): return -compare(right, left)
        case (.text(let left), .text(let right)):
            if left.utf8.elementsEqual(right.utf8) { return 0 }
            return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
        case (.text, _): return 1
        case (_, .text): return -1
        }
    }

    /// `value LIKE pattern ESCAPE '\'` for a pattern that is `needle` escaped whole and ended (or wrapped) with `%`:
    /// ASCII letters match either case, every other character only itself; NULL matches nothing.
    func like(_ needle: [UInt8], prefixOnly: Bool) -> Bool {
        guard let text else { return false }
        let haystack = Self.foldedASCII(text)
        if prefixOnly { return haystack.starts(with: needle) }
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The UTF-8 bytes of `text` with ASCII capitals made small, as LIKE compares them.
    static func foldedASCII(_ text: String) -> [UInt8] {
        text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
    }

    /// An INTEGER against a REAL, compared exactly as SQLite does rather than through a rounded double.
    private static func compare(_ integer: Int64, _ real: Double) -> Int {
        if real < -0x1p63 { return 1 }
        if real >= 0x1p63 { return -1 }
        let truncated = Int64(real.rounded(.towardZero))
        if integer != truncated { return integer < truncated ? -1 : 1 }
        let fraction = real - Double(truncated)
        return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
    }

    /// The number SQLite reads from the start of `text` after leading whitespace, or 0 when none starts there.
    private static func numericPrefix(of text: String) -> Double {
        let bytes = Array(text.utf8.drop(while: isSpace))
        guard let literal = numericLiteral(in: bytes) else { return 0 }
        return Double(literal.canonical) ?? 0
    }

    /// The longest decimal literal (`[+-]digits[.digits][e[+-]digits]`, at least one digit before the exponent) at the
    /// start of `bytes`: its length, its spelling in a form `Double` reads, and whether it has no point or exponent.
    private static func numericLiteral(in bytes: [UInt8]) -> (length: Int, canonical: String, isInteger: Bool)? {
        var index = 0
        var sign = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            sign = bytes[index] == UInt8(ascii: "-") ? "-" : ""
            index += 1
        }
        let whole = digitRun(bytes, from: index)
        index += whole.count
        var fraction = ""
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            fraction = digitRun(bytes, from: index + 1)
            if !whole.isEmpty || !fraction.isEmpty {
                index += 1 + fraction.count
                isInteger = false
            }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var next = index + 1
            var exponentSign = ""
            if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") {
                exponentSign = bytes[next] == UInt8(ascii: "-") ? "-" : ""
                next += 1
            }
            let digits = digitRun(bytes, from: next)
            if !digits.isEmpty {
                exponent = "e" + exponentSign + digits
                index = next + digits.count
                isInteger = false
            }
        }
        let point = isInteger ? "" : "." + (fraction.isEmpty ? "0" : fraction)
        let canonical = sign + (whole.isEmpty ? "0" : whole) + point + exponent
        return (index, canonical, isInteger)
    }

    private static func digitRun(_ bytes: [UInt8], from start: Int) -> String {
        var end = start
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// SQLite's whitespace: space, tab, line feed, vertical tab, form feed and carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
