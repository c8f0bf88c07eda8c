/// Reads a Markdown text's blocks line by line, as CommonMark does: quotes, list items, fenced and indented code,
/// headings, rules and paragraphs. It marks code and markup, and hands each paragraph to `MarkdownCodeSpans`.
struct MarkdownBlockScanner {
    /// A block that holds other blocks.
    private enum Container {
        case quote
        /// A list item, whose lines continue it when indented by `width` columns.
        case item(width: Int)
    }

    /// The block a line of text goes into.
    private enum Leaf {
        case none
        case paragraph
        case fence(mark: UInt16, length: Int)
        case indentedCode
    }

    /// A position in a line: the unit index and the column it stands at.
    private struct Cursor {
        var index: Int
        var column: Int
    }

    /// A list marker: where the item's text starts, and whether it may interrupt a paragraph.
    private struct ListMarker {
        let content: Cursor
        let interruptsParagraph: Bool
    }

    private let units: [UInt16]
    private var kinds: [MarkdownRegions.Kind]
    private var containers: [Container] = []
    private var leaf: Leaf = .none
    private var group: [Range<Int>] = []
    private var groups: [[Range<Int>]] = []

    private init(units: [UInt16]) {
        self.units = units
        kinds = Array(repeating: .text, count: units.count)
    }

    /// The kind of every unit of `units`, block markup and inline code spans included.
    static func classify(_ units: [UInt16]) -> [MarkdownRegions.Kind] {
        var scanner = MarkdownBlockScanner(units: units)
        for line in MarkdownRegions.lines(of: units) {
            scanner.scan(line)
        }
        scanner.endGroup()
        for group in scanner.groups {
            MarkdownCodeSpans.mark(group, units: units, kinds: &scanner.kinds)
        }
        return scanner.kinds
    }

    private mutating func scan(_ line: Range<Int>) {
        let end = line.upperBound
        var cursor = Cursor(index: line.lowerBound, column: 0)
        var matched = 0
        matching: for container in containers {
            switch container {
            case .quote:
                let start = skipBlanks(from: cursor, end: end, atMost: 3)
                guard start.index < end, units[start.index] == MarkdownUnit.greater else { break matching }
                cursor = quoteContent(after: start, end: end)
            case .item(let width):
                let start = skipBlanks(from: cursor, end: end, atMost: Int.max)
                if start.index < end {
                    guard start.column - cursor.column >= width else { break matching }
                    cursor = skipBlanks(from: cursor, end: end, atMost: width)
                }
            }
            matched += 1
        }
        if matched < containers.count {
            if case .paragraph = leaf, !startsBlock(at: cursor, end: end) {
                group.append(cursor.index..<end)
                return
            }
            containers.removeLast(containers.count - matched)
            closeLeaf()
        }
        switch leaf {
        case .fence(let fenceMark, let length):
            if isClosingFence(at: cursor, end: end, mark: fenceMark, length: length) {
                mark(cursor.index..<end, as: .syntax)
                leaf = .none
            } else {
                mark(cursor.index..<end, as: .code)
            }
            return
        case .indentedCode:
            let start = skipBlanks(from: cursor, end: end, atMost: Int.max)
            if start.index == end { return }
            if start.column - cursor.column >= 4 {
                mark(cursor.index..<end, as: .code)
                return
            }
            leaf = .none
        case .none, .paragraph:
            break
        }
        startBlocks(at: cursor, end: end)
    }

    private mutating func startBlocks(at start: Cursor, end: Int) {
        var cursor = start
        while true {
            let first = skipBlanks(from: cursor, end: end, atMost: Int.max)
            if first.index == end {
                closeLeaf()
                return
            }
            let isParagraph = if case .paragraph = leaf { true } else { false }
            if first.column - cursor.column >= 4 {
                if isParagraph {
                    group.append(first.index..<end)
                } else {
                    closeLeaf()
                    leaf = .indentedCode
                    mark(cursor.index..<end, as: .code)
                }
                return
            }
            let unit = units[first.index]
            if unit == MarkdownUnit.greater {
                closeLeaf()
                let content = quoteContent(after: first, end: end)
                containers.append(.quote)
                cursor = content
                continue
            }
            if isRule(from: first.index, end: end) || (isParagraph && isSetextEquals(from: first.index, end: end)) {
                mark(first.index..<end, as: .syntax)
                closeLeaf()
                return
            }
            if let marker = listMarker(at: first, end: end), !isParagraph || marker.interruptsParagraph {
                closeLeaf()
                mark(first.index..<marker.content.index, as: .syntax)
                containers.append(.item(width: marker.content.column - cursor.column))
                cursor = taskBox(after: marker.content, end: end)
                continue
            }
            if let fence = fenceOpener(at: first.index, end: end) {
                closeLeaf()
                mark(first.index..<end, as: .syntax)
                leaf = fence
                return
            }
            if let heading = heading(at: first.index, end: end) {
                closeLeaf()
                for marks in heading.marks { mark(marks, as: .syntax) }
                group = [heading.content]
                endGroup()
                return
            }
            if !isParagraph {
                closeLeaf()
                leaf = .paragraph
            }
            group.append(first.index..<end)
            return
        }
    }

    // MARK: Blocks

    /// Whether a line that no container takes starts a block of its own, so it cannot continue a paragraph lazily.
    private func startsBlock(at cursor: Cursor, end: Int) -> Bool {
        let first = skipBlanks(from: cursor, end: end, atMost: Int.max)
        guard first.index < end, first.column - cursor.column < 4 else { return first.index == end }
        return units[first.index] == MarkdownUnit.greater || isRule(from: first.index, end: end)
            || listMarker(at: first, end: end) != nil
            || fenceOpener(at: first.index, end: end) != nil || heading(at: first.index, end: end) != nil
    }

    /// The text after a quote's `>` and the one blank that may follow it, the markers marked as markup.
    private mutating func quoteContent(after marker: Cursor, end: Int) -> Cursor {
        mark(marker.index..<marker.index + 1, as: .syntax)
        var cursor = Cursor(index: marker.index + 1, column: marker.column + 1)
        if cursor.index < end, MarkdownUnit.isBlank(units[cursor.index]) {
            mark(cursor.index..<cursor.index + 1, as: .syntax)
            let column = MarkdownUnit.column(after: units[cursor.index], at: cursor.column)
            cursor = Cursor(index: cursor.index + 1, column: column)
        }
        return cursor
    }

    /// A thematic break: three or more of one of `-`, `*`, `_`, with only blanks between.
    private func isRule(from start: Int, end: Int) -> Bool {
        let mark = units[start]
        guard [MarkdownUnit.dash, MarkdownUnit.star, MarkdownUnit.underscore].contains(mark) else { return false }
        var count = 0
        for index in start..<end {
            if units[index] == mark {
                count += 1
            } else if !MarkdownUnit.isBlank(units[index]) {
                return false
            }
        }
        return count >= 3
    }

    /// A setext heading's `===` underline.
    private func isSetextEquals(from start: Int, end: Int) -> Bool {
        var index = start
        while index < end, units[index] == MarkdownUnit.equals { index += 1 }
        return index > start && units[index..<end].allSatisfy(MarkdownUnit.isBlank)
    }

    /// A bullet (`-`, `+`, `*`) or ordered (`1.`, `1)`) marker followed by a blank or the line's end.
    private func listMarker(at first: Cursor, end: Int) -> ListMarker? {
        var index = first.index
        var number = 0
        let ordered = MarkdownUnit.isDigit(units[index])
        if ordered {
            while index < end, MarkdownUnit.isDigit(units[index]), index - first.index < 9 {
                number = number * 10 + Int(units[index] - 0x30)
                index += 1
            }
            guard index < end, [MarkdownUnit.dot, MarkdownUnit.closeParen].contains(units[index]) else { return nil }
        } else {
            let unit = units[index]
            guard [MarkdownUnit.dash, MarkdownUnit.plus, MarkdownUnit.star].contains(unit) else { return nil }
        }
        index += 1
        guard index == end || MarkdownUnit.isBlank(units[index]) else { return nil }
        let markerEnd = Cursor(index: index, column: first.column + index - first.index)
        let text = skipBlanks(from: markerEnd, end: end, atMost: Int.max)
        let empty = text.index == end
        let content: Cursor
        if empty {
            content = Cursor(index: end, column: markerEnd.column + 1)
        } else if text.column - markerEnd.column > 4 {
            content = Cursor(index: markerEnd.index + 1, column: markerEnd.column + 1)
        } else {
            content = text
        }
        return ListMarker(content: content, interruptsParagraph: !empty && (!ordered || number == 1))
    }

    /// A task list's `[ ]` or `[x]` after a list marker, marked as markup; the cursor after it and its blank.
    private mutating func taskBox(after cursor: Cursor, end: Int) -> Cursor {
        let index = cursor.index
        guard index + 3 < end, units[index] == MarkdownUnit.openBracket, units[index + 2] == MarkdownUnit.closeBracket,
            MarkdownUnit.isBlank(units[index + 3]),
            [MarkdownUnit.space, MarkdownUnit.letterX, MarkdownUnit.capitalX].contains(units[index + 1])
        else { return cursor }
        mark(index..<index + 4, as: .syntax)
        return Cursor(index: index + 4, column: cursor.column + 4)
    }

    /// A fence's opening line: three or more backticks or tildes; a backtick fence's info string holds none.
    private func fenceOpener(at start: Int, end: Int) -> Leaf? {
        let mark = units[start]
        guard mark == MarkdownUnit.backtick || mark == MarkdownUnit.tilde else { return nil }
        var index = start
        while index < end, units[index] == mark { index += 1 }
        let length = index - start
        guard length >= 3 else { return nil }
        if mark == MarkdownUnit.backtick, units[index..<end].contains(MarkdownUnit.backtick) { return nil }
        return .fence(mark: mark, length: length)
    }

    /// A fence's closing line: a run of its mark at least as long as the opening one, then only blanks.
    private func isClosingFence(at cursor: Cursor, end: Int, mark: UInt16, length: Int) -> Bool {
        let first = skipBlanks(from: cursor, end: end, atMost: 3)
        var index = first.index
        while index < end, units[index] == mark { index += 1 }
        return index - first.index >= length && units[index..<end].allSatisfy(MarkdownUnit.isBlank)
    }

    /// An ATX heading: its text, and its `#` marks and closing sequence; nil when the line is none.
    private func heading(at start: Int, end: Int) -> (content: Range<Int>, marks: [Range<Int>])? {
        var index = start
        while index < end, units[index] == MarkdownUnit.hash { index += 1 }
        let level = index - start
        guard (1...6).contains(level), index == end || MarkdownUnit.isBlank(units[index]) else { return nil }
        var marks = [start..<index]
        var close = end
        while close > index, MarkdownUnit.isBlank(units[close - 1]) { close -= 1 }
        var hashes = close
        while hashes > index, units[hashes - 1] == MarkdownUnit.hash { hashes -= 1 }
        if hashes < close, hashes == index || MarkdownUnit.isBlank(units[hashes - 1]) {
            marks.append(hashes..<close)
            close = hashes
        }
        return (index..<close, marks)
    }

    // MARK: State

    private mutating func closeLeaf() {
        endGroup()
        leaf = .none
    }

    private mutating func endGroup() {
        if !group.isEmpty { groups.append(group) }
        group = []
    }

    private mutating func mark(_ range: Range<Int>, as kind: MarkdownRegions.Kind) {
        for index in range { kinds[index] = kind }
    }

    /// The cursor after at most `limit` columns of blanks; a tab that would overshoot is taken whole.
    private func skipBlanks(from cursor: Cursor, end: Int, atMost limit: Int) -> Cursor {
        var result = cursor
        while result.index < end, MarkdownUnit.isBlank(units[result.index]), result.column - cursor.column < limit {
            let column = MarkdownUnit.column(after: units[result.index], at: result.column)
            result = Cursor(index: result.index + 1, column: column)
        }
        return result
    }
}
