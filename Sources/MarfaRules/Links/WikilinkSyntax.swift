/// How the inside of a `[[…]]` reads: `name#heading|alias`, each part trimmed of whitespace.
///
/// The first `|` starts the alias and the first `#` before it the heading; a backslash is an ordinary character.
enum WikilinkSyntax {
    /// The trimmed parts of one link, as ranges of its text's UTF-16 units.
    struct Parts: Sendable, Hashable {
        /// The name the link names; empty for a heading-only or blank link.
        let name: Range<Int>
        /// The heading after `#`, or nil when there is none or it is blank.
        let heading: Range<Int>?
        /// The alias after `|`, or nil when there is none or it is blank.
        let alias: Range<Int>?
    }

    /// The parts of the link whose inside is `inner` within `units`.
    static func parts(of inner: Range<Int>, in units: [UInt16]) -> Parts {
        let pipe = inner.first { units[$0] == MarkdownUnit.pipe }
        let beforeAlias = inner.lowerBound..<(pipe ?? inner.upperBound)
        let hash = beforeAlias.first { units[$0] == MarkdownUnit.hash }
        let name = trimmed(beforeAlias.lowerBound..<(hash ?? beforeAlias.upperBound), in: units)
        let heading = hash.map { trimmed($0 + 1..<beforeAlias.upperBound, in: units) }
        let alias = pipe.map { trimmed($0 + 1..<inner.upperBound, in: units) }
        return Parts(
            name: name, heading: heading.flatMap { $0.isEmpty ? nil : $0 },
            alias: alias.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `range` without the whitespace at either end.
    private static func trimmed(_ range: Range<Int>, in units: [UInt16]) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, MarkdownUnit.isWhitespace(units[lower]) { lower += 1 }
        while upper > lower, MarkdownUnit.isWhitespace(units[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The text of `range` within `units`.
    static func text(_ range: Range<Int>, in units: [UInt16]) -> String {
        String(decoding: units[range], as: UTF16.self)
    }
}
