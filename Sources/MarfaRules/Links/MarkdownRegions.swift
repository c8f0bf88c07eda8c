/// What each UTF-16 unit of a Markdown text is: visible text, code, markup, or a comment (`%%…%%`, `<!-- -->`).
///
/// Comments win where they open in visible text, and the text is read again without them, so code opened
/// inside a comment never hides what follows it, as Obsidian shows a note.
struct MarkdownRegions: Sendable {
    /// The role of one unit.
    enum Kind: UInt8, Sendable {
        /// Text a reader sees, where links and inline markup count.
        case text
        /// The inside of a code block or an inline code span, shown as typed.
        case code
        /// Markup that is not shown: fence lines, backticks, quote and list markers, heading marks, rules.
        case syntax
        /// A comment, never shown.
        case comment
    }

    /// The text's UTF-16 code units.
    let units: [UInt16]
    /// The kind of each unit, index for index.
    let kinds: [Kind]

    /// Reads `text`.
    init(_ text: String) {
        let units = Array(text.utf16)
        var kinds = MarkdownBlockScanner.classify(units)
        let comments = MarkdownComments.ranges(in: units, kinds: kinds)
        if !comments.isEmpty {
            kinds = MarkdownBlockScanner.classify(MarkdownComments.blanked(units, comments: comments))
            for range in comments {
                for index in range { kinds[index] = .comment }
            }
        }
        self.units = units
        self.kinds = kinds
    }

    /// Each line's units, without its line break (`\n`, `\r\n` or `\r`).
    var lines: [Range<Int>] { Self.lines(of: units) }

    /// The lines of `units`, without their line breaks.
    static func lines(of units: [UInt16]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit == MarkdownUnit.lineFeed || unit == MarkdownUnit.carriageReturn {
                lines.append(start..<index)
                let crlf = unit == MarkdownUnit.carriageReturn && index + 1 < units.count
                    && units[index + 1] == MarkdownUnit.lineFeed
                index += crlf ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        lines.append(start..<units.count)
        return lines
    }
}
