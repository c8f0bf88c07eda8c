import MarfaRules

/// The candidates of a `contains` operand, from the word index rather than a trigram index of the rows (Decision
/// 0034): a normalized operand (`SearchText.normalizedOperand`) is words joined by single spaces, so a normal form
/// holds it only where its first piece ends a word, its middle pieces are whole words and its last piece begins a
/// word (a piece with no space on either side lies inside one word). Each piece names a set of words found in the
/// dictionary (a substring or suffix scan of its bytes, a prefix range, an exact look-up); the rows holding one of
/// them are the piece's rows, and the operand's candidates are the rows of every piece.
extension WordIndex {
    /// The most postings, per indexed row, a piece's words may hold for the piece to narrow: past it, reading its
    /// postings would cost about what checking every row does, and it leaves nearly every row anyway.
    static let containsBudgetPerRow = 4

    /// What a piece of an operand asks of a word.
    private enum Piece {
        /// The word holds the bytes anywhere (an operand with no space).
        case inside([UInt8])
        /// The word ends with the bytes (the first piece, before a space).
        case suffix([UInt8])
        /// The word is the bytes (a piece between two spaces).
        case whole([UInt8])
        /// The word begins with the bytes (the last piece, after a space).
        case prefix([UInt8])
    }

    /// The rows whose normal form can hold `pattern`, a normalized operand: a superset of the rows whose text
    /// holds the operand, which the caller checks. Nil when nothing narrows (every piece's words hold too many
    /// postings, or the pattern has no word).
    /// - Complexity: per piece, a scan of the dictionary's bytes (inside or suffix), O(log words + matches)
    ///   (prefix) or O(piece) (whole), then the union of its words' postings; then the intersection.
    package func candidates(forOperand pattern: [UInt8]) -> RowSet? {
        let words = Self.pieces(of: pattern).map(wordIDs(matching:))
        let budget = Self.containsBudgetPerRow * max(rowCount, 1)
        let sized = words.map { ids in (ids: ids, postings: ids.reduce(0) { $0 + Int(postings(at: $1).count) }) }
        if sized.contains(where: { $0.postings == 0 }) { return RowSet() }
        let narrowing = sized.filter { $0.postings <= budget }
        return RowSet.intersection(of: narrowing.map { rows(holdingAny: $0.ids) })
    }

    /// The pieces of a normalized operand, with what each asks of a word; empty end pieces (an operand beginning
    /// or ending with a separator) ask nothing and are left out.
    private static func pieces(of pattern: [UInt8]) -> [Piece] {
        let parts = pattern.split(separator: SearchText.space, omittingEmptySubsequences: false).map(Array.init)
        guard parts.count > 1 else { return parts.filter { !$0.isEmpty }.map(Piece.inside) }
        return parts.enumerated().compactMap { index, part -> Piece? in
            guard !part.isEmpty else { return nil }
            if index == 0 { return .suffix(part) }
            return index == parts.count - 1 ? .prefix(part) : .whole(part)
        }
    }

    /// The ids of the words a piece accepts, ascending.
    private func wordIDs(matching piece: Piece) -> [UInt32] {
        switch piece {
        case .inside(let bytes): bytes.withUnsafeBufferPointer { dictionary.ids(holding: $0, atEnd: false) }
        case .suffix(let bytes): bytes.withUnsafeBufferPointer { dictionary.ids(holding: $0, atEnd: true) }
        case .whole(let bytes): wordIDs(of: bytes)
        case .prefix(let bytes): wordIDs(ofPrefix: bytes)
        }
    }

    /// The rows holding any of the words `ids`: one word's rows as stored, several marked one bit a row over the
    /// row space and read back a 65,536-row container at a time.
    /// - Complexity: O(their postings + row space / 64).
    private func rows(holdingAny ids: [UInt32]) -> RowSet {
        if ids.count == 1 {
            var rows = RowSet()
            rows.insert(contentsOf: postings(at: ids[0]).rows)
            return rows
        }
        var marks = [UInt64](repeating: 0, count: (rowSpace + 63) / 64)
        for id in ids { postings(at: id).forEach { row, _ in marks[Int(row >> 6)] |= 1 << UInt64(row & 63) } }
        var containers: [RowSet.Container] = []
        for start in stride(from: 0, to: marks.count, by: RowSet.bitmapWords) {
            let end = min(start + RowSet.bitmapWords, marks.count)
            let count = marks[start..<end].reduce(0) { $0 + $1.nonzeroBitCount }
            guard count > 0 else { continue }
            var words = [UInt64](repeating: 0, count: RowSet.bitmapWords)
            words.replaceSubrange(0..<(end - start), with: marks[start..<end])
            containers.append(RowSet.Container(high: UInt16(start / RowSet.bitmapWords), words: words, count: count))
        }
        return RowSet(containers: containers)
    }
}
