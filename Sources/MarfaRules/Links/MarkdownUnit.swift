/// The UTF-16 code units Markdown and link syntax are written in, and the character classes they are read by.
enum MarkdownUnit {
    /// `\t`.
    static let tab: UInt16 = 0x09
    /// `\n`.
    static let lineFeed: UInt16 = 0x0A
    /// `\r`.
    static let carriageReturn: UInt16 = 0x0D
    /// A space.
    static let space: UInt16 = 0x20
    /// `!`.
    static let bang: UInt16 = 0x21
    /// `#`.
    static let hash: UInt16 = 0x23
    /// `%`.
    static let percent: UInt16 = 0x25
    /// `(`.
    static let openParen: UInt16 = 0x28
    /// `)`.
    static let closeParen: UInt16 = 0x29
    /// `*`.
    static let star: UInt16 = 0x2A
    /// `+`.
    static let plus: UInt16 = 0x2B
    /// `-`.
    static let dash: UInt16 = 0x2D
    /// `.`.
    static let dot: UInt16 = 0x2E
    /// `/`.
    static let slash: UInt16 = 0x2F
    /// `:`.
    static let colon: UInt16 = 0x3A
    /// `<`.
    static let less: UInt16 = 0x3C
    /// `=`.
    static let equals: UInt16 = 0x3D
    /// `>`.
    static let greater: UInt16 = 0x3E
    /// `@`.
    static let at: UInt16 = 0x40
    /// `[`.
    static let openBracket: UInt16 = 0x5B
    /// `\`.
    static let backslash: UInt16 = 0x5C
    /// `]`.
    static let closeBracket: UInt16 = 0x5D
    /// `^`.
    static let caret: UInt16 = 0x5E
    /// `_`.
    static let underscore: UInt16 = 0x5F
    /// A backtick.
    static let backtick: UInt16 = 0x60
    /// `|`.
    static let pipe: UInt16 = 0x7C
    /// `~`.
    static let tilde: UInt16 = 0x7E
    /// `X`, a ticked task box's mark.
    static let capitalX: UInt16 = 0x58
    /// `x`, a ticked task box's mark, and what stands in for a comment that opens a line (see `MarkdownComments`).
    static let letterX: UInt16 = 0x78

    /// Whether `unit` is a space or a tab, the blanks Markdown indentation is made of.
    static func isBlank(_ unit: UInt16) -> Bool { unit == space || unit == tab }

    /// Whether `unit` is whitespace: a blank, a line break, or a Unicode space in the basic plane.
    static func isWhitespace(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return unit == space || (tab...carriageReturn).contains(unit) }
        return Unicode.Scalar(unit)?.properties.isWhitespace ?? false
    }

    /// Whether `unit` is ASCII punctuation, which a backslash escapes in Markdown.
    static func isASCIIPunctuation(_ unit: UInt16) -> Bool {
        (0x21...0x2F).contains(unit) || (0x3A...0x40).contains(unit) || (0x5B...0x60).contains(unit)
            || (0x7B...0x7E).contains(unit)
    }

    /// Whether `unit` is punctuation: ASCII punctuation, or a Unicode punctuation or symbol in the basic plane.
    static func isPunctuation(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return isASCIIPunctuation(unit) }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// Whether `unit` is an ASCII digit.
    static func isDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }

    /// Whether `unit` is an ASCII letter.
    static func isLetter(_ unit: UInt16) -> Bool {
        (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    /// The column after `unit` when it starts at `column`: a tab stops at the next multiple of four.
    static func column(after unit: UInt16, at column: Int) -> Int {
        unit == tab ? column + 4 - column % 4 : column + 1
    }
}
