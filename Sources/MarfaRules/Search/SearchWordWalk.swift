/// Walking raw UTF-8 by words, as the normal form splits them (combining marks belong to the word before them),
/// so an excerpt can lay out only the words around a match.
extension SearchText {
    /// Whether `utf8` holds a word scalar.
    /// - Complexity: O(n), stopping at the first word scalar.
    static func holdsWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            let (entry, length) = scalarEntry(in: utf8, at: index)
            if entry != SearchFold.separatorEntry && entry != SearchFold.markEntry { return true }
            index += length
        }
        return false
    }

    /// The offset of the `words`-th word start before `offset` (a scalar boundary), counting back; 0 when fewer
    /// words start before it.
    /// - Complexity: O(bytes walked).
    static func wordStart(in utf8: UnsafeBufferPointer<UInt8>, words: Int, before offset: Int) -> Int {
        var found = 0
        var runStart: Int?
        var position = offset
        while position > 0 {
            var start = position - 1
            while start > 0 && utf8[start] & 0xC0 == 0x80 { start -= 1 }
            let entry = scalarEntry(in: utf8, at: start).entry
            if entry == SearchFold.separatorEntry {
                if let word = runStart {
                    found += 1
                    if found == words { return word }
                    runStart = nil
                }
            } else if entry != SearchFold.markEntry {
                runStart = start
            }
            position = start
        }
        return 0
    }

    /// The offset of the `words`-th word start after `offset` (a scalar boundary inside or before a word, which
    /// does not count), or the end of `utf8` when fewer words start after it.
    /// - Complexity: O(bytes walked).
    static func wordStart(in utf8: UnsafeBufferPointer<UInt8>, words: Int, after offset: Int) -> Int {
        var found = 0
        var inWord = true
        var position = offset
        while position < utf8.count {
            let (entry, length) = scalarEntry(in: utf8, at: position)
            if entry == SearchFold.separatorEntry {
                inWord = false
            } else if entry != SearchFold.markEntry && !inWord {
                found += 1
                if found == words { return position }
                inWord = true
            }
            position += length
        }
        return utf8.count
    }
}
