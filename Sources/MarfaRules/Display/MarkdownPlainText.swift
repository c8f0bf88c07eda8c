/// A Markdown body as a reader sees its words: block markup, comments and code fences gone, code kept as typed,
/// inline markup resolved by `MarkdownInline`, a table's pipes made spaces, each line ending in a space.
enum MarkdownPlainText {
    /// The words of `markdown`, lines joined by spaces; whitespace is left for the caller to collapse.
    static func plain(_ markdown: String) -> String {
        let regions = MarkdownRegions(markdown)
        var output: [UInt16] = []
        for line in regions.lines {
            var units: [UInt16] = []
            var literal: [Bool] = []
            for index in line {
                switch regions.kinds[index] {
                case .text, .code:
                    units.append(regions.units[index])
                    literal.append(regions.kinds[index] == .code)
                case .syntax, .comment:
                    continue
                }
            }
            guard let row = tableRow(units, literal: literal) else { continue }
            output += MarkdownInline.plain(row, literal: literal)
            output.append(MarkdownUnit.space)
        }
        return String(decoding: output, as: UTF16.self)
    }

    /// The line with a table row's pipes made spaces, or nil for a table's delimiter row (`|---|:--:|`).
    private static func tableRow(_ units: [UInt16], literal: [Bool]) -> [UInt16]? {
        guard let first = units.indices.first(where: { !MarkdownUnit.isWhitespace(units[$0]) }),
            units[first] == MarkdownUnit.pipe, !literal[first]
        else { return units }
        let delimiters: Set<UInt16> = [MarkdownUnit.pipe, MarkdownUnit.dash, MarkdownUnit.colon]
        if units.allSatisfy({ delimiters.contains($0) || MarkdownUnit.isWhitespace($0) }) { return nil }
        var row = units
        for index in row.indices where row[index] == MarkdownUnit.pipe && !literal[index] {
            let escaped = index > 0 && row[index - 1] == MarkdownUnit.backslash && !literal[index - 1]
            if !escaped { row[index] = MarkdownUnit.space }
        }
        return row
    }
}
