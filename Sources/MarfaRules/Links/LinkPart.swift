import Foundation

/// One `[[link]]` in a text, split into its name, heading and alias, each with its range in UTF-16 code units (F094).
public struct LinkPart: Sendable, Hashable {
    /// One part of a link: its text as typed, trimmed, and where it stands.
    public struct Piece: Sendable, Hashable {
        /// The part's text.
        public let text: String
        /// The part's range in the whole text, in UTF-16 code units, as a text view takes it.
        public let range: NSRange

        /// Makes a piece.
        public init(text: String, range: NSRange) {
            self.text = text
            self.range = range
        }

        /// The part's range as UTF-16 offsets.
        public var utf16Range: Range<Int> { range.location..<range.location + range.length }
    }

    /// The name before any `#` or `|`: what the link names.
    public let name: Piece
    /// The heading after `#`, if any.
    public let heading: Piece?
    /// The alias after `|`, the text shown in the link's place, if any.
    public let alias: Piece?
    /// What `linkCandidates` reads the link as: the name's text.
    public let target: String
    /// The whole link, `[[` to `]]`, in UTF-16 code units.
    public let range: NSRange

    /// Makes a link part; `target` is the name's text.
    public init(name: Piece, heading: Piece? = nil, alias: Piece? = nil, range: NSRange) {
        self.name = name
        self.heading = heading
        self.alias = alias
        self.target = name.text
        self.range = range
    }

    /// The whole link's range as UTF-16 offsets.
    public var utf16Range: Range<Int> { range.location..<range.location + range.length }
}
