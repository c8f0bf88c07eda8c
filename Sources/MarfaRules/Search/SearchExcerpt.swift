/// The part of a matched row a search hit shows: a window of the field with the most matches, around its first
/// match, as plain runs (`excerpt`) or as HTML (`snippet`, the instance's `snippet_html`, P-79).
package enum SearchExcerpt {
    /// A piece of an excerpt: the public `SearchHit.Run`, text as the row holds it and whether it matched.
    package typealias Run = SearchHit.Run

    /// The most words an excerpt shows.
    package static let maxWords = 32
    /// The most UTF-8 bytes of row text an excerpt shows, so one enormous word cannot make it enormous.
    package static let maxBytes = 480
    /// What marks a cut at either end.
    package static let ellipsis = "..."

    /// The excerpt of a row for `query`: from the field (in `fields`' order) holding the most matches, up to
    /// `maxWords` words starting a few words before its first match, with `...` where the field is cut. A row
    /// with no match shows the start of its first field that holds a word.
    /// - Complexity: O(total length of the fields × terms).
    ///
    /// `totalMatches`, when the caller knows how often the query's terms occur in all the fields together (the
    /// word index does), spares scanning the longest field: its count is what the others leave.
    package static func excerpt(
        of fields: [String], query: SearchQuery, maxWords: Int = maxWords, totalMatches: Int? = nil
    ) -> [Run] {
        excerpt(of: fields, query: query, maxWords: maxWords, windowed: true, totalMatches: totalMatches)
    }

    /// The excerpt, laying out only the words around the first match (`windowed`) or the whole field: both
    /// answer the same, the whole field is the reference the window is tested against.
    /// - Complexity: a matcher pass over each field per term, then O(window) (O(field) unwindowed).
    static func excerpt(
        of fields: [String], query: SearchQuery, maxWords: Int, windowed: Bool, totalMatches: Int? = nil
    ) -> [Run] {
        let maxWords = max(1, maxWords)
        let longest = totalMatches == nil ? nil : fields.indices.max { fields[$0].utf8.count < fields[$1].utf8.count }
        var counts = fields.indices.map { index -> Int in
            guard index != longest else { return 0 }
            var text = fields[index]
            return text.withUTF8 { utf8 in query.rawTerms.reduce(0) { $0 + SearchText.occurrences(of: $1, in: utf8) } }
        }
        if let longest, let totalMatches { counts[longest] = max(0, totalMatches - counts.reduce(0, +)) }
        var best: (field: Int, matches: Int)?
        for (index, field) in fields.enumerated() {
            var text = field
            let holdsWord = counts[index] > 0 || text.withUTF8 { SearchText.holdsWord($0) }
            if holdsWord && (best == nil || counts[index] > (best?.matches ?? 0)) { best = (index, counts[index]) }
        }
        guard let best else { return [] }
        var text = fields[best.field]
        return text.withUTF8 { utf8 -> [Run] in
            guard windowed else { return Layout(utf8[...], base: 0, reachesEnd: true).runs(query, maxWords: maxWords) }
            let first = query.rawTerms.compactMap { SearchText.firstOccurrence(of: $0, in: utf8) }.min() ?? 0
            let longest = query.terms.map(\.words.count).max() ?? 1
            let start = SearchText.wordStart(in: utf8, words: maxWords, before: first)
            let end = SearchText.wordStart(in: utf8, words: maxWords + longest + 1, after: first)
            return Layout(utf8[start..<end], base: start, reachesEnd: end == utf8.count)
                .runs(query, maxWords: maxWords)
        }
    }

    /// The excerpt as HTML: `& < > " '` escaped, each matched run inside `<mark>…</mark>`, no other markup
    /// (`html(excerpt(…))`; a caller wanting both computes the excerpt once).
    /// - Complexity: as `excerpt(of:query:maxWords:)`.
    package static func snippet(of fields: [String], query: SearchQuery, maxWords: Int = maxWords) -> String {
        html(excerpt(of: fields, query: query, maxWords: maxWords))
    }

    /// Runs as HTML: text escaped, matches inside `<mark>…</mark>`.
    /// - Complexity: O(length).
    package static func html(_ runs: [Run]) -> String {
        var html = ""
        for run in runs {
            if run.isMatch { html += "<mark>" }
            for character in run.text.unicodeScalars {
                switch character {
                case "&": html += "&amp;"
                case "<": html += "&lt;"
                case ">": html += "&gt;"
                case "\"": html += "&quot;"
                case "'": html += "&#39;"
                default: html.unicodeScalars.append(character)
                }
            }
            if run.isMatch { html += "</mark>" }
        }
        return html
    }

    /// A stretch of a field's text (whole words, from a word start or the field's start) with its normal form and
    /// where each word sits in both.
    struct Layout {
        /// The stretch's UTF-8 bytes.
        let utf8: [UInt8]
        /// Where the stretch starts in the field.
        let base: Int
        /// Whether the stretch runs to the field's end.
        let reachesEnd: Bool
        /// The field's normal form.
        let normalized: [UInt8]
        /// Each word's offset in `normalized` (at its first byte, after the space before it).
        let wordStarts: [Int]
        /// Each word's byte range in `utf8`.
        let rawRanges: [Range<Int>]

        /// Lays out `stretch`, which starts `base` bytes into its field.
        init(_ stretch: Slice<UnsafeBufferPointer<UInt8>>, base: Int, reachesEnd: Bool) {
            var normalized: [UInt8] = []
            var wordStarts: [Int] = []
            var rawRanges: [Range<Int>] = []
            let utf8 = Array(stretch)
            utf8.withUnsafeBufferPointer { buffer in
                var inWord = false
                SearchText.forEachScalar(in: buffer) { start, end, entry in
                    switch entry {
                    case SearchFold.separatorEntry:
                        inWord = false
                    case SearchFold.markEntry:
                        if inWord, let last = rawRanges.last { rawRanges[rawRanges.count - 1] = last.lowerBound..<end }
                    default:
                        if !inWord {
                            normalized.append(SearchText.space)
                            wordStarts.append(normalized.count)
                            rawRanges.append(start..<end)
                            inWord = true
                        } else if let last = rawRanges.last {
                            rawRanges[rawRanges.count - 1] = last.lowerBound..<end
                        }
                        SearchText.appendWord(entry, to: &normalized)
                    }
                }
            }
            if !normalized.isEmpty { normalized.append(SearchText.space) }
            self.utf8 = utf8
            self.base = base
            self.reachesEnd = reachesEnd
            self.normalized = normalized
            self.wordStarts = wordStarts
            self.rawRanges = rawRanges
        }

        /// The word ranges (indexes into `wordStarts`) each occurrence of each term covers, in text order.
        func matches(of query: SearchQuery) -> [Range<Int>] {
            var found: [Range<Int>] = []
            for (term, pattern) in zip(query.terms, query.patterns) {
                SearchText.forEachOffset(of: pattern, in: normalized) { offset in
                    if let first = index(ofWordStartingAt: offset + 1) {
                        found.append(first..<min(first + term.words.count, wordStarts.count))
                    }
                }
            }
            return found.sorted { $0.lowerBound < $1.lowerBound }
        }

        /// The word whose normal-form offset is `offset`.
        private func index(ofWordStartingAt offset: Int) -> Int? {
            var low = 0
            var high = wordStarts.count
            while low < high {
                let middle = (low + high) / 2
                if wordStarts[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return low < wordStarts.count && wordStarts[low] == offset ? low : nil
        }

        /// The runs of a window of at most `maxWords` words (and `maxBytes` bytes) around the first match of
        /// `query`, cut marks judged against the whole field.
        func runs(_ query: SearchQuery, maxWords: Int) -> [Run] {
            let matches = matches(of: query)
            let wordCount = wordStarts.count
            let first = matches.first?.lowerBound ?? 0
            var startWord = max(0, first - maxWords / 4)
            let endWord = min(wordCount, startWord + maxWords)
            startWord = max(0, min(startWord, endWord - maxWords))
            var start = startWord == 0 && base == 0 ? 0 : rawRanges[startWord].lowerBound
            var end = endWord == wordCount && reachesEnd ? utf8.count : rawRanges[endWord - 1].upperBound
            if end - start > maxBytes {
                let anchor = matches.first.map { rawRanges[$0.lowerBound].lowerBound } ?? start
                start = scalarBoundary(atOrAfter: max(start, anchor - maxBytes / 4))
                end = scalarBoundary(atOrBefore: min(end, start + maxBytes))
            }
            let cutBefore = base + start > 0
            let cutAfter = end < utf8.count || !reachesEnd
            var runs: [Run] = []
            var cursor = start
            var pending = cutBefore ? SearchExcerpt.ellipsis : ""
            for match in matches {
                let markStart = max(rawRanges[match.lowerBound].lowerBound, cursor)
                let markEnd = min(rawRanges[match.upperBound - 1].upperBound, end)
                guard markStart < markEnd else { continue }
                pending += text(cursor..<markStart)
                if !pending.isEmpty { runs.append(Run(text: pending, isMatch: false)) }
                pending = ""
                runs.append(Run(text: text(markStart..<markEnd), isMatch: true))
                cursor = markEnd
            }
            pending += text(cursor..<max(cursor, end)) + (cutAfter ? SearchExcerpt.ellipsis : "")
            if !pending.isEmpty { runs.append(Run(text: pending, isMatch: false)) }
            return runs
        }

        /// The text of a byte range of the field.
        private func text(_ range: Range<Int>) -> String {
            range.isEmpty ? "" : String(decoding: utf8[range], as: UTF8.self)
        }

        /// The first scalar boundary at or after `offset`.
        private func scalarBoundary(atOrAfter offset: Int) -> Int {
            var offset = offset
            while offset < utf8.count && utf8[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        }

        /// The last scalar boundary at or before `offset`.
        private func scalarBoundary(atOrBefore offset: Int) -> Int {
            var offset = offset
            while offset > 0 && offset < utf8.count && utf8[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
    }
}
