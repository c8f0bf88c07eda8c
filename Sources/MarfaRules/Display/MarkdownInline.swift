/// One line's inline Markdown as plain text: emphasis, strikethrough and highlight marks dropped, `[text](url)` and
/// `[text][ref]` as their text, `[[name|alias]]` as its alias (else its name, and `> heading`), images, embeds,
/// footnote marks and HTML tags dropped, autolinks as their address, backslash escapes resolved.
enum MarkdownInline {
    /// The plain text of `units`; a unit flagged `literal` (code) is kept as typed and never read as markup.
    static func plain(_ units: [UInt16], literal: [Bool]) -> [UInt16] {
        var scanner = InlineScanner(units: units, literal: literal)
        scanner.scan()
        return scanner.resolved()
    }
}

/// The scanner behind `MarkdownInline`: one pass into text and emphasis runs, each construct found through
/// `MarkdownInlinePairs`, then the runs paired by `MarkdownEmphasis`.
private struct InlineScanner {
    private enum Token {
        case text([UInt16])
        /// An emphasis run: its mark, and its index among the runs.
        case run(mark: UInt16, run: Int)
    }

    private let units: [UInt16]
    private let literal: [Bool]
    private let marks: [Bool]
    private let pairs: MarkdownInlinePairs
    private var index = 0
    private var tokens: [Token] = []
    private var runs: [MarkdownEmphasis.Run] = []
    private var buffer: [UInt16] = []
    /// Where a link's label ends, mapped to the end of its destination, which is skipped.
    private var skips: [Int: Int] = [:]

    /// Prepares to read one line's units; a `literal` unit is code, never markup.
    init(units: [UInt16], literal: [Bool]) {
        self.units = units
        self.literal = literal
        marks = MarkdownInlinePairs.markup(units, literal: literal)
        pairs = MarkdownInlinePairs(units: units, literal: literal)
    }

    /// Reads the line into text and emphasis runs.
    mutating func scan() {
        while index < units.count {
            if let end = skips[index] {
                index = end
                continue
            }
            guard marks[index] else {
                if !isEscape(index) { buffer.append(units[index]) }
                index += 1
                continue
            }
            switch units[index] {
            case MarkdownUnit.bang: image()
            case MarkdownUnit.openBracket: bracket()
            case MarkdownUnit.less: angle()
            case MarkdownUnit.star, MarkdownUnit.underscore, MarkdownUnit.tilde, MarkdownUnit.equals: emphasis()
            default:
                if !isEscape(index) { buffer.append(units[index]) }
                index += 1
            }
        }
        flush()
    }

    /// The tokens as text: the marks of each emphasis run that found partners dropped, the rest kept as typed.
    func resolved() -> [UInt16] {
        let unpaired = MarkdownEmphasis.unpaired(runs)
        var output: [UInt16] = []
        for token in tokens {
            switch token {
            case .text(let text): output += text
            case .run(let mark, let run): output += Array(repeating: mark, count: unpaired[run])
            }
        }
        return output
    }

    // MARK: Constructs

    /// `![[embed]]` and `![alt](src)` are dropped whole; any other `!` is text.
    private mutating func image() {
        if isMark(index + 1, MarkdownUnit.openBracket), isMark(index + 2, MarkdownUnit.openBracket),
            let close = wikilinkClose(from: index + 3)
        {
            index = close + 2
        } else if isMark(index + 1, MarkdownUnit.openBracket), let close = pairs.bracketClose[index + 1],
            let end = linkEnd(afterLabel: close)
        {
            index = end
        } else {
            buffer.append(MarkdownUnit.bang)
            index += 1
        }
    }

    /// A wikilink shows its alias or name, a footnote mark is dropped, a link's label stays and its target goes.
    private mutating func bracket() {
        if isMark(index + 1, MarkdownUnit.openBracket), let close = wikilinkClose(from: index + 2) {
            buffer += shown(WikilinkSyntax.parts(of: index + 2..<close, in: units))
            index = close + 2
        } else if isMark(index + 1, MarkdownUnit.caret), let close = pairs.bracketClose[index] {
            index = close + 1
        } else if let close = pairs.bracketClose[index], let end = linkEnd(afterLabel: close) {
            skips[close] = end
            index += 1
        } else {
            buffer.append(MarkdownUnit.openBracket)
            index += 1
        }
    }

    /// `<scheme:address>` and `<name@host>` show their address; an HTML tag is dropped; any other `<` is text.
    private mutating func angle() {
        var close = index + 1
        while close < units.count, marks[close], ![MarkdownUnit.greater, MarkdownUnit.less].contains(units[close]) {
            close += 1
        }
        guard close < units.count, isMark(close, MarkdownUnit.greater), close > index + 1 else {
            buffer.append(MarkdownUnit.less)
            index += 1
            return
        }
        let inside = Array(units[index + 1..<close])
        if isAutolink(inside) {
            buffer += inside
        } else if !isTag(inside) {
            buffer.append(MarkdownUnit.less)
            index += 1
            return
        }
        index = close + 1
    }

    /// A run of `*`, `_`, `~~` or `==`, with whether it can open or close by the characters around it.
    private mutating func emphasis() {
        let mark = units[index]
        var end = index
        while end < units.count, isMark(end, mark) { end += 1 }
        let count = end - index
        if (mark == MarkdownUnit.tilde || mark == MarkdownUnit.equals) && count != 2 {
            buffer += Array(repeating: mark, count: count)
            index = end
            return
        }
        let before = index > 0 ? units[index - 1] : MarkdownUnit.space
        let after = end < units.count ? units[end] : MarkdownUnit.space
        let (spaceBefore, spaceAfter) = (MarkdownUnit.isWhitespace(before), MarkdownUnit.isWhitespace(after))
        let (markBefore, markAfter) = (MarkdownUnit.isPunctuation(before), MarkdownUnit.isPunctuation(after))
        let left = !spaceAfter && (!markAfter || spaceBefore || markBefore)
        let right = !spaceBefore && (!markBefore || spaceAfter || markAfter)
        let underscore = mark == MarkdownUnit.underscore
        flush()
        tokens.append(.run(mark: mark, run: runs.count))
        runs.append(
            MarkdownEmphasis.Run(
                mark: mark, count: count, canOpen: underscore ? left && (!right || markBefore) : left,
                canClose: underscore ? right && (!left || markAfter) : right))
        index = end
    }

    // MARK: Reading

    private func isMark(_ position: Int, _ unit: UInt16) -> Bool {
        position < units.count && marks[position] && units[position] == unit
    }

    /// Whether the unit at `position` is a backslash escaping the next one, and so not shown.
    private func isEscape(_ position: Int) -> Bool {
        marks[position] && units[position] == MarkdownUnit.backslash && position + 1 < units.count
            && !marks[position + 1] && !literal[position + 1]
    }

    /// Where a link ends after its label's `]` at `close`: past `(destination)` or `[reference]`; nil for neither.
    private func linkEnd(afterLabel close: Int) -> Int? {
        guard close + 1 < units.count else { return nil }
        if isMark(close + 1, MarkdownUnit.openBracket) { return pairs.bracketClose[close + 1].map { $0 + 1 } }
        guard isMark(close + 1, MarkdownUnit.openParen) else { return nil }
        return pairs.parenClose[close + 1].map { $0 + 1 }
    }

    /// The `]]` closing a wikilink whose inside starts at `start`; nil where another `[[` comes first.
    private func wikilinkClose(from start: Int) -> Int? {
        guard start <= units.count, let close = pairs.nextDoubleClose[start] else { return nil }
        if let open = pairs.nextDoubleOpen[start], open < close { return nil }
        return close
    }

    /// What a wikilink shows: its alias, else its name with ` > heading`, else its heading.
    private func shown(_ parts: WikilinkSyntax.Parts) -> [UInt16] {
        if let alias = parts.alias { return Array(units[alias]) }
        let name = Array(units[parts.name])
        guard let heading = parts.heading else { return name }
        return name.isEmpty ? Array(units[heading]) : name + Array(" > ".utf16) + Array(units[heading])
    }

    private func isAutolink(_ inside: [UInt16]) -> Bool {
        guard !inside.contains(where: MarkdownUnit.isWhitespace) else { return false }
        if let colon = inside.firstIndex(of: MarkdownUnit.colon) {
            let scheme = inside[..<colon]
            return scheme.count >= 2 && MarkdownUnit.isLetter(inside[0])
                && scheme.allSatisfy { unit in
                    MarkdownUnit.isLetter(unit) || MarkdownUnit.isDigit(unit) || unit == MarkdownUnit.plus
                }
        }
        return inside.contains(MarkdownUnit.at)
    }

    private func isTag(_ inside: [UInt16]) -> Bool {
        let name = inside.first == MarkdownUnit.slash ? inside.dropFirst() : inside[...]
        return name.first.map(MarkdownUnit.isLetter) ?? false
    }

    private mutating func flush() {
        if !buffer.isEmpty { tokens.append(.text(buffer)) }
        buffer = []
    }
}
