/// The bytes and character classes HTTP/1.1 framing is defined in.
extension UInt8 {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let percent: UInt8 = 0x25
    static let plus: UInt8 = 0x2B
    static let questionMark: UInt8 = 0x3F
    static let slash: UInt8 = 0x2F

    /// The byte with an ASCII capital letter turned to lower case.
    var asciiLowercased: UInt8 {
        self >= 0x41 && self <= 0x5A ? self + 0x20 : self
    }

    /// Whether the byte may appear in a token (a method or a header name), per RFC 9110 `tchar`.
    var isTokenCharacter: Bool {
        switch self {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// Whether the byte is a control character that may not appear in a field value (HTAB is allowed).
    var isForbiddenInFieldValue: Bool {
        (self < 0x20 && self != .tab) || self == 0x7F
    }

    /// The value of an ASCII hexadecimal digit, or nil.
    var hexDigitValue: Int? {
        switch self {
        case 0x30...0x39: return Int(self - 0x30)
        case 0x41...0x46: return Int(self - 0x41 + 10)
        case 0x61...0x66: return Int(self - 0x61 + 10)
        default: return nil
        }
    }
}
