/// Finds Obsidian (`%%…%%`) and HTML (`<!-- -->`) comments. A comment opens only in visible text, so a marker in
/// code is literal, and it runs to its closing marker, or to the end of the text when there is none.
enum MarkdownComments {
    private static let obsidian: [UInt16] = [MarkdownUnit.percent, MarkdownUnit.percent]
    private static let htmlOpen: [UInt16] = [MarkdownUnit.less, MarkdownUnit.bang, MarkdownUnit.dash, MarkdownUnit.dash]
    private static let htmlClose: [UInt16] = [MarkdownUnit.dash, MarkdownUnit.dash, MarkdownUnit.greater]

    /// The comments of `units`, in order, given the kinds read without them.
    static func ranges(in units: [UInt16], kinds: [MarkdownRegions.Kind]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < units.count {
            guard kinds[index] == .text else {
                index += 1
                continue
            }
            let close: [UInt16]
            let opened: Int
            if starts(units, at: index, with: obsidian) {
                (close, opened) = (obsidian, obsidian.count)
            } else if starts(units, at: index, with: htmlOpen) {
                (close, opened) = (htmlClose, htmlOpen.count)
            } else {
                index += 1
                continue
            }
            var end = index + opened
            while end < units.count, !starts(units, at: end, with: close) { end += 1 }
            end = min(units.count, end + close.count)
            ranges.append(index..<end)
            index = end
        }
        return ranges
    }

    /// `units` with its comments blanked to spaces (line breaks kept), to be read again for code.
    ///
    /// Where a comment stands before a line's visible text, its first unit becomes `x`, so the spaces left in its
    /// place never read as the indentation of a code block.
    static func blanked(_ units: [UInt16], comments: [Range<Int>]) -> [UInt16] {
        var result = units
        var inComment = Array(repeating: false, count: units.count)
        for range in comments {
            for index in range where ![MarkdownUnit.lineFeed, MarkdownUnit.carriageReturn].contains(units[index]) {
                result[index] = MarkdownUnit.space
                inComment[index] = true
            }
        }
        for line in MarkdownRegions.lines(of: result) {
            guard let visible = line.first(where: { !MarkdownUnit.isWhitespace(result[$0]) }),
                let first = (line.lowerBound..<visible).first(where: { inComment[$0] })
            else { continue }
            result[first] = MarkdownUnit.letterX
        }
        return result
    }

    private static func starts(_ units: [UInt16], at index: Int, with marker: [UInt16]) -> Bool {
        guard index + marker.count <= units.count else { return false }
        return marker.indices.allSatisfy { units[index + $0] == marker[$0] }
    }
}
