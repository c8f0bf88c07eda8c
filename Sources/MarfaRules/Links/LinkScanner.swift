import Foundation

/// Every `[[link]]` in a text, split into its parts (F094, F095).
///
/// A link runs from the last `[[` before its `]]` on the same line. An embed (`![[…]]`), a link naming no note
/// (`[[]]`, `[[  ]]`, `[[#heading]]`, `[[|alias]]`), and a link touching code or a comment are not links.
/// A backslash stays as typed.
public func linkParts(in text: String) -> [LinkPart] {
    LinkScanner.parts(in: MarkdownRegions(text))
}

/// Every `![[embed]]` in a text, read as a link is (its name before any `#` or `|`), with the range of the whole
/// embed, `!` included; an embed in code or a comment is none (seed 000 line 30, Decision 0111).
package func embedParts(in text: String) -> [LinkPart] {
    LinkScanner.spans(in: MarkdownRegions(text)).filter(\.embedded).map(\.part)
}

/// The scanner behind `linkParts(in:)`, reading a text already split into regions.
enum LinkScanner {
    /// One `[[…]]` naming a note, and whether a `!` before it makes it an embed.
    struct Span {
        let part: LinkPart
        let embedded: Bool
    }

    /// The links of `regions`, in order.
    static func parts(in regions: MarkdownRegions) -> [LinkPart] {
        spans(in: regions).filter { !$0.embedded }.map(\.part)
    }

    /// The links and embeds of `regions`, in order.
    static func spans(in regions: MarkdownRegions) -> [Span] {
        regions.lines.flatMap { spans(onLine: $0, of: regions) }
    }

    /// One line's links, read left to right: a visible `[[` becomes the opener, a later one replaces it, code or
    /// a comment clears it, and a visible `]]` closes the link it opened.
    private static func spans(onLine line: Range<Int>, of regions: MarkdownRegions) -> [Span] {
        let units = regions.units
        var found: [Span] = []
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
                if let span = span(from: start, to: index, in: regions, line: line) { found.append(span) }
                continue
            }
            index += 1
        }
        return found
    }

    /// The link or embed spanning `start..<end` (an embed's range takes its `!`), or nil for one naming nothing.
    private static func span(from start: Int, to end: Int, in regions: MarkdownRegions, line: Range<Int>) -> Span? {
        let units = regions.units
        let embedded = start > line.lowerBound && regions.kinds[start - 1] == .text
            && units[start - 1] == MarkdownUnit.bang
        let parts = WikilinkSyntax.parts(of: start + 2..<end - 2, in: units)
        guard !parts.name.isEmpty else { return nil }
        let from = embedded ? start - 1 : start
        let part = LinkPart(
            name: piece(parts.name, units), heading: parts.heading.map { piece($0, units) },
            alias: parts.alias.map { piece($0, units) }, range: NSRange(location: from, length: end - from))
        return Span(part: part, embedded: embedded)
    }

    private static func piece(_ range: Range<Int>, _ units: [UInt16]) -> LinkPart.Piece {
        LinkPart.Piece(
            text: WikilinkSyntax.text(range, in: units),
            range: NSRange(location: range.lowerBound, length: range.count))
    }
}
