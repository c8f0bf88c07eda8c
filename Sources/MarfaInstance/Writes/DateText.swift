/// The text forms of `date` and `datetime` fields (P-82): `YYYY-MM-DD`, optionally `T` and `HH:MM[:SS[.fff]]` with
/// `Z` or `±HH:MM`; a time without a zone is refused.
package enum DateText {
    /// Whether `text` is `YYYY-MM-DD` with a real month and day.
    package static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let month = number(bytes, 5, 2), let day = number(bytes, 8, 2), number(bytes, 0, 4) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// Whether `text` is a day, or a day with a time and a zone.
    package static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, isDay(String(decoding: bytes[0..<10], as: UTF8.self)) else { return false }
        if bytes.count == 10 { return true }
        guard bytes[10] == UInt8(ascii: "T"), bytes.count >= 16, bytes[13] == UInt8(ascii: ":"),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), hour < 24, minute < 60
        else { return false }
        var index = 16
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let second = number(bytes, index + 1, 2), second < 61 else { return false }
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                guard index > start else { return false }
            }
        }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "Z") { return index + 1 == bytes.count }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), index + 6 == bytes.count,
            bytes[index + 3] == UInt8(ascii: ":"), number(bytes, index + 1, 2) != nil,
            number(bytes, index + 4, 2) != nil
        else { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
