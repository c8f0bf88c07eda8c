import Foundation

/// How a filter's numbers and values are written as text: in filter text, as JavaScript's `String()` writes them
/// for a pattern, and as SQLite writes a REAL when it turns one into text.
enum FilterValueText {
    /// The text a `contains` or `starts_with` match looks for: text as is, a number as JavaScript writes it, a Boolean
    /// as `true` or `false`.
    static func pattern(of value: FilterValue) -> String {
        switch value {
        case .text(let text): return text
        case .number(let number): return javaScript(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A finite number as the grammar reads it back exactly: optional `-`, digits, optional `.digits`, no exponent.
    static func literal(_ number: Double) -> String {
        let sign = number.sign == .minus ? "-" : ""
        guard number != 0 else { return sign + "0" }
        let (digits, point) = decimalDigits(of: number)
        if point >= digits.count {
            return sign + digits + String(repeating: "0", count: point - digits.count)
        }
        if point > 0 {
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        return sign + "0." + String(repeating: "0", count: -point) + digits
    }

    /// A finite number as JavaScript's `String()` writes it: fixed notation from 1e-6 up to 1e21, else an exponent.
    static func javaScript(_ number: Double) -> String {
        guard number != 0 else { return "0" }
        let sign = number < 0 ? "-" : ""
        let (digits, point) = decimalDigits(of: number)
        let count = digits.count
        if count <= point, point <= 21 {
            return sign + digits + String(repeating: "0", count: point - count)
        }
        if point > 0, point <= 21 {
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        if point > -6, point <= 0 {
            return sign + "0." + String(repeating: "0", count: -point) + digits
        }
        let exponent = point - 1
        let mantissa = count > 1 ? digits.prefix(1) + "." + digits.dropFirst() : digits
        return sign + mantissa + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
    }

    /// A REAL as SQLite turns it into text (`%!.15g`): 15 significant digits, always with a point (`5.0`, `1.0e+20`).
    static func sqlite(_ number: Double) -> String {
        let text = String(format: "%.15g", number)
        if let exponent = text.firstIndex(of: "e") {
            let mantissa = text[..<exponent]
            return mantissa.contains(".") ? text : mantissa + ".0" + text[exponent...]
        }
        return text.contains(".") ? text : text + ".0"
    }

    /// The shortest decimal digits that read back as `number` (non-zero, finite), without leading or trailing zeros,
    /// and where the decimal point falls: the magnitude is `0.<digits> × 10^point`.
    private static func decimalDigits(of number: Double) -> (digits: String, point: Int) {
        let description = abs(number).description
        let parts = description.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = mantissa[0]
        let fraction = mantissa.count == 2 ? mantissa[1] : ""
        var digits = Substring(whole + fraction)
        var point = whole.count + exponent
        while digits.first == "0" {
            digits = digits.dropFirst()
            point -= 1
        }
        while digits.last == "0" {
            digits = digits.dropLast()
        }
        return (String(digits), point)
    }
}
