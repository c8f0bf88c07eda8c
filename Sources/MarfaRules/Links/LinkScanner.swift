import Foundation

/// Every `[[link]]` in a text, split into its parts (F094, F095).
///
/// A link runs from the last `[[` before its `]]` on the same line. An embed (`![[…]]`), a link naming no note
/// (`[[]]`, `[[  ]]`, `[[#heading]]`, `[[|alias]]`), and a link touching code or a comment are not links.
/// A backslash stays as typed.
public func linkParts(in text: String) -> [LinkPart] {
    LinkScanner.parts(in: MarkdownRegions(text))
}

/// The scanner behind `linkParts(in:)`, reading a text already split into regions.
enum LinkScanner {
    /// The links of `regions`, in order.
    static func parts(in regions: MarkdownRegions) -> [LinkPart] {
        regions.lines.flatMap { parts(onLine: $0, of: regions) }
    }

    /// One line's links, read left to right: a visible `[[` becomes the opener, a later one replaces it, code or
    /// a comment clears it, and a visible `]]` closes the link it opened.
    private static func parts(onLine line: Range<Int>, of regions: MarkdownRegions) -> [LinkPart] {
        let units = regions.units
        var found: [LinkPart] = []
        var open: Int?
        var index = line.lowerBound
        while index < line.upperBound {
            guard regions.kinds[index] == .text else {
                open = nil
                index += 1
                continue
            }
            let pair = index + 1 < line.upperBound && regions.kinds[index + 1] == .text
                && units[index + 1] == units[index]
            if pair, units[index] == MarkdownUnit.openBracket {
                open = index
            } else if pair, units[index] == MarkdownUnit.closeBracket, let start = open {
                open = nil
                index += 2
                if let part = part(from: start, to: index, in: regions, line: line) { found.append(part) }
                continue
            }
            index += 1
        }
        return found
    }

    /// The link spanning `start..<end`, or nil for an embed or a link naming no note.
    private static func part(from start: Int, to end: Int, in regions: MarkdownRegions, line: Range<Int>) -> LinkPart? {
        let units = regions.units
        let embedded = start > line.lowerBound && regions.kinds[start - 1] == .text
            && units[start - 1] == MarkdownUnit.bang
        let parts = WikilinkSyntax.parts(of: start + 2..<end - 2, in: units)
        guard !embedded, !parts.name.isEmpty else { return nil }
        return LinkPart(
            name: piece(parts.name, units), heading: parts.heading.map { piece($0, units) },
            alias: parts.alias.map { piece($0, units) }, range: NSRange(location: start, length: end - start))
    }

    private static func piece(_ range: Range<Int>, _ units: [UInt16]) -> LinkPart.Piece {
        LinkPart.Piece(
            text: WikilinkSyntax.text(range, in: units),
            range: NSRange(location: range.lowerBound, length: range.count))
    }
}
