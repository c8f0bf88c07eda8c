import Foundation

/// The per-scalar folding table behind `SearchText`: each Unicode scalar maps on its own, with no context, to a
/// word piece (its lowercase, diacritic-free spelling), to nothing (a combining mark) or to a word separator.
///
/// Folding one scalar at a time is what keeps substring containment: if a text contains a piece, the folded text
/// contains the folded piece, so candidates taken from folded words never miss a match.
enum SearchFold {
    /// What one scalar becomes.
    enum Piece: Equatable {
        /// Part of a word, spelled as these scalars.
        case word([Unicode.Scalar])
        /// Dropped with no trace: a combining mark, so `e` + U+0301 folds as `é` does.
        case mark
        /// Between words.
        case separator
    }

    /// Entry for a scalar that separates words.
    static let separatorEntry: UInt32 = 0xFFFF_FFFF
    /// Entry for a combining mark, which folds to nothing.
    static let markEntry: UInt32 = 0xFFFF_FFFE
    /// Flag on an entry whose low bits index `expansions` (a scalar folding to more than one scalar).
    static let expansionFlag: UInt32 = 0x8000_0000

    /// The table for the Basic Multilingual Plane and the multi-scalar spellings its entries point at.
    struct Table: Sendable {
        /// One entry per BMP scalar: a folded scalar value, or one of the sentinels above.
        let entries: [UInt32]
        /// The spellings entries flagged with `expansionFlag` point at.
        let expansions: [[Unicode.Scalar]]
    }

    /// The table, built once on first use.
    static let shared: Table = makeTable()

    /// The entry for `value`: from the table in the Basic Multilingual Plane, computed above it (where no
    /// scalar folds to more than one).
    /// - Complexity: O(1) in the Basic Multilingual Plane; a few property lookups above it.
    @inline(__always)
    static func entry(_ value: UInt32) -> UInt32 {
        if value < 0x1_0000 { return shared.entries[Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return separatorEntry }
        switch computedPiece(scalar) {
        case .separator: return separatorEntry
        case .mark: return markEntry
        case .word(let scalars): return scalars.count == 1 ? scalars[0].value : value
        }
    }

    /// The entry for a computed piece, appending a multi-scalar spelling to `expansions`.
    private static func entry(for piece: Piece, expansions: inout [[Unicode.Scalar]]) -> UInt32 {
        switch piece {
        case .separator: return separatorEntry
        case .mark: return markEntry
        case .word(let scalars):
            guard scalars.count != 1 else { return scalars[0].value }
            expansions.append(scalars)
            return expansionFlag | UInt32(expansions.count - 1)
        }
    }

    /// Spellings that neither lowercasing nor canonical decomposition give, chosen for search: full case folding
    /// of sharp and long s and of final sigma, letters with a stroke, dotless i, and the Latin ligatures.
    static let overrides: [UInt32: String] = [
        0x00DF: "ss", 0x1E9E: "ss", 0x017F: "s", 0x03C2: "σ", 0x0131: "i",
        0x00D8: "o", 0x00F8: "o", 0x0110: "d", 0x0111: "d", 0x0141: "l", 0x0142: "l",
        0x0126: "h", 0x0127: "h", 0x0166: "t", 0x0167: "t", 0x0180: "b",
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
    ]

    /// Folds one scalar from its Unicode properties: letters, numbers, spacing marks and private-use characters
    /// are word pieces (lowercased; Latin, Greek, Cyrillic and other precomposed letters lose their marks),
    /// non-spacing and enclosing marks vanish, and everything else separates words.
    /// - Complexity: O(1), a few property lookups (and a canonical decomposition for precomposed letters).
    static func computedPiece(_ scalar: Unicode.Scalar) -> Piece {
        let value = scalar.value
        if let override = overrides[value] { return .word(Array(override.unicodeScalars)) }
        if (0xFF10...0xFF19).contains(value) || (0xFF21...0xFF3A).contains(value) || (0xFF41...0xFF5A).contains(value) {
            // Fullwidth digits and Latin letters read as their ASCII forms.
            let ascii = value - 0xFEE0
            let lowered = (0x41...0x5A).contains(ascii) ? ascii + 0x20 : ascii
            return .word([Unicode.Scalar(lowered) ?? scalar])
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return .mark
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .spacingMark, .privateUse:
            return .word(folded(scalar))
        default:
            return .separator
        }
    }

    /// The lowercase spelling of a word scalar with its combining marks removed (never empty).
    private static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let value = scalar.value
        let lower = scalar.properties.changesWhenLowercased ? scalar.properties.lowercaseMapping : String(scalar)
        // Hangul syllables decompose into jamo, which are letters, not marks: keep them whole. Above U+3000 only
        // compatibility ideographs and presentation forms decompose, and neither carries a diacritic to drop.
        guard value >= 0xC0, value < 0x3000 else { return Array(lower.unicodeScalars) }
        var result: [Unicode.Scalar] = []
        for part in lower.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch part.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default:
                if let override = overrides[part.value] {
                    result.append(contentsOf: override.unicodeScalars)
                } else {
                    result.append(part)
                }
            }
        }
        return result.isEmpty ? Array(lower.unicodeScalars) : result
    }

    /// Builds the Basic Multilingual Plane table from `computedPiece`.
    /// - Complexity: O(65,536) property lookups, once per process.
    private static func makeTable() -> Table {
        var entries = [UInt32](repeating: separatorEntry, count: 0x1_0000)
        var expansions: [[Unicode.Scalar]] = []
        for value in UInt32(0)..<0x1_0000 {
            if value < 0x80 {
                entries[Int(value)] = asciiEntry(UInt8(value))
            } else if let scalar = Unicode.Scalar(value) {
                entries[Int(value)] = entry(for: computedPiece(scalar), expansions: &expansions)
            }
        }
        return Table(entries: entries, expansions: expansions)
    }

    /// The table entry for an ASCII byte: letters lowercase, digits stay, everything else separates.
    @inline(__always)
    static func asciiEntry(_ byte: UInt8) -> UInt32 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte | 0x20)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte)
        default: return separatorEntry
        }
    }
}
