/// Where each bracket and parenthesis of one line closes, and where the next `[[` and `]]` stand, found in one pass
/// each so inline reading stays linear however the line nests. Backslash-escaped and literal units never count.
struct MarkdownInlinePairs {
    /// For each `[`, the index of its `]`; nil where it has none.
    let bracketClose: [Int?]
    /// For each `(`, the index of its `)`; nil where it has none.
    let parenClose: [Int?]
    /// For each index, the first `]]` at or after it.
    let nextDoubleClose: [Int?]
    /// For each index, the first `[[` at or after it.
    let nextDoubleOpen: [Int?]

    /// Reads one line's units; a `literal` unit is code, never markup.
    init(units: [UInt16], literal: [Bool]) {
        let marks = Self.markup(units, literal: literal)
        bracketClose = Self.matches(
            units, marks: marks, open: MarkdownUnit.openBracket, close: MarkdownUnit.closeBracket)
        parenClose = Self.matches(units, marks: marks, open: MarkdownUnit.openParen, close: MarkdownUnit.closeParen)
        nextDoubleClose = Self.nextPairs(units, marks: marks, of: MarkdownUnit.closeBracket)
        nextDoubleOpen = Self.nextPairs(units, marks: marks, of: MarkdownUnit.openBracket)
    }

    /// Whether each unit can be markup: not literal, and not escaped by a backslash.
    static func markup(_ units: [UInt16], literal: [Bool]) -> [Bool] {
        var marks = literal.map { !$0 }
        var index = 0
        while index < units.count {
            if marks[index], units[index] == MarkdownUnit.backslash, index + 1 < units.count,
                MarkdownUnit.isASCIIPunctuation(units[index + 1])
            {
                marks[index + 1] = false
                index += 2
            } else {
                index += 1
            }
        }
        return marks
    }

    private static func matches(_ units: [UInt16], marks: [Bool], open: UInt16, close: UInt16) -> [Int?] {
        var closes = [Int?](repeating: nil, count: units.count)
        var stack: [Int] = []
        for index in units.indices where marks[index] {
            if units[index] == open {
                stack.append(index)
            } else if units[index] == close, let opener = stack.popLast() {
                closes[opener] = index
            }
        }
        return closes
    }

    private static func nextPairs(_ units: [UInt16], marks: [Bool], of unit: UInt16) -> [Int?] {
        var next = [Int?](repeating: nil, count: units.count + 1)
        var index = units.count - 1
        while index >= 0 {
            let pair = index + 1 < units.count && marks[index] && marks[index + 1] && units[index] == unit
                && units[index + 1] == unit
            next[index] = pair ? index : next[index + 1]
            index -= 1
        }
        return next
    }
}
