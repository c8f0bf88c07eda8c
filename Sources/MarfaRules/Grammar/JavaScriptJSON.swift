/// JSON text as the instance's JavaScript writes it (`JSON.stringify`), which is what SQLite hands back for an array
/// or object property: numbers as JavaScript writes them, no spaces, object keys in sorted order.
enum JavaScriptJSON {
    /// The compact JSON text of `value`.
    static func text(of value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += FilterValueText.javaScript(Double(number))
        case .number(let number): out += number.isFinite ? FilterValueText.javaScript(number) : "null"
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            out += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { out += "," }
                writeString(key, into: &out)
                out += ":"
                write(members[key, default: .null], into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ text: String, into out: inout String) {
        var scalars = String.UnicodeScalarView()
        scalars.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": scalars.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": scalars.append(contentsOf: "\\\\".unicodeScalars)
            case "\u{08}": scalars.append(contentsOf: "\\b".unicodeScalars)
            case "\u{0C}": scalars.append(contentsOf: "\\f".unicodeScalars)
            case "\n": scalars.append(contentsOf: "\\n".unicodeScalars)
            case "\r": scalars.append(contentsOf: "\\r".unicodeScalars)
            case "\t": scalars.append(contentsOf: "\\t".unicodeScalars)
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                scalars.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            default: scalars.append(scalar)
            }
        }
        scalars.append("\"")
        out += String(scalars)
    }
}
