import XCTest
@testable import MarfaRules

final class SearchTextExcerptTests: XCTestCase {
    func testMarkupInTheRowStaysEscaped() {
        let query = SearchQuery("numbat")
        let html = SearchExcerpt.snippet(of: ["Plain", "<b>numbat</b> & \"q\" 'p' <script>alert(1)</script>"],
                                         query: query)
        XCTAssertEqual(html, "&lt;b&gt;<mark>numbat</mark>&lt;/b&gt; &amp; &quot;q&quot; &#39;p&#39; "
                       + "&lt;script&gt;alert(1)&lt;/script&gt;")
        let scripted = SearchExcerpt.snippet(of: ["<script>numbat()</script>"], query: query)
        XCTAssertFalse(scripted.contains("<script>"))
        XCTAssertTrue(scripted.contains("&lt;script&gt;<mark>numbat</mark>()&lt;/script&gt;"))
    }

    func testMarksLandOnMatchedRunsInTheRowsOwnSpelling() {
        let runs = SearchExcerpt.excerpt(of: ["", "Dear Émile, the zebra crossing is near ZEBRAS."],
                                         query: SearchQuery("emile zeb"))
        XCTAssertEqual(runs, [
            .init(text: "Dear ", isMatch: false), .init(text: "Émile", isMatch: true),
            .init(text: ", the ", isMatch: false), .init(text: "zebra", isMatch: true),
            .init(text: " crossing is near ", isMatch: false), .init(text: "ZEBRAS", isMatch: true),
            .init(text: ".", isMatch: false),
        ])
        let phrase = SearchExcerpt.snippet(of: ["a quiet, landscape and a quiet sea"],
                                           query: SearchQuery("\"quiet landscape\""))
        XCTAssertEqual(phrase, "a <mark>quiet, landscape</mark> and a quiet sea")
        let decomposed = SearchExcerpt.snippet(of: ["cafe\u{301} au lait"], query: SearchQuery("CAFÉ"))
        XCTAssertEqual(decomposed, "<mark>cafe\u{301}</mark> au lait")
    }

    func testTheFieldWithMostMatchesIsShown() {
        let runs = SearchExcerpt.excerpt(of: ["one otter", "otter otter river"], query: SearchQuery("otter"))
        XCTAssertEqual(runs.filter(\.isMatch).count, 2)
        XCTAssertEqual(SearchExcerpt.html(runs), "<mark>otter</mark> <mark>otter</mark> river")
        XCTAssertEqual(SearchExcerpt.snippet(of: ["", "Nothing here"], query: SearchQuery("absent")), "Nothing here")
        XCTAssertEqual(SearchExcerpt.excerpt(of: ["", "  "], query: SearchQuery("x")), [])
    }

    func testLongFieldsAreCutAroundTheFirstMatch() {
        let words = (0..<200).map { "w\($0)" }
        let text = words.joined(separator: " ")
        let html = SearchExcerpt.snippet(of: [text], query: SearchQuery("w100"))
        XCTAssertTrue(html.hasPrefix("..."))
        XCTAssertTrue(html.hasSuffix("..."))
        XCTAssertTrue(html.contains("<mark>w100</mark>"))
        let shown = html.dropFirst(3).dropLast(3).split(separator: " ")
        XCTAssertEqual(shown.count, SearchExcerpt.maxWords)
        XCTAssertEqual(shown.first, "w92")
        let start = SearchExcerpt.snippet(of: [text], query: SearchQuery("w3"))
        XCTAssertTrue(start.hasPrefix("w0 w1 w2 <mark>w3</mark>"))
        XCTAssertFalse(start.hasPrefix("..."))
        let tail = SearchExcerpt.snippet(of: [text], query: SearchQuery("w199"))
        XCTAssertTrue(tail.hasSuffix("<mark>w199</mark>"))
    }

    func testOneEnormousWordIsBounded() {
        let huge = String(repeating: "x", count: 10_000) + " needle " + String(repeating: "é", count: 10_000)
        let runs = SearchExcerpt.excerpt(of: [huge], query: SearchQuery("needle"))
        let shown = runs.reduce(0) { $0 + $1.text.utf8.count }
        XCTAssertLessThanOrEqual(shown, SearchExcerpt.maxBytes + 2 * SearchExcerpt.ellipsis.utf8.count)
        XCTAssertTrue(runs.contains(.init(text: "needle", isMatch: true)))
        XCTAssertTrue(runs.first?.text.hasPrefix("...") == true)
        XCTAssertTrue(runs.last?.text.hasSuffix("...") == true)
    }

    /// The excerpt laid out from the words around the first match equals the one laid out from the whole field,
    /// and so does one told the total match count instead of scanning the longest field, on random texts with marks,
    /// separators, folding letters and phrases near both ends (P-79).
    func testTheWindowAroundTheFirstMatchShowsWhatTheWholeFieldShows_P79() {
        let vocabulary = [
            "otter", "Otter", "river", "riverbank", "e-mail", "café", "cafe\u{301}", "STRASSE", "straße", "東京", "a",
            "x", "ottoman", "river otter", "42", "naïve",
        ]
        let separators = [" ", " ", ", ", " — ", "\n", "'s ", "\u{301} ", "  "]
        var random = SplitMixRandom(seed: 11)
        let queries = [
            "otter", "riv", "\"river otter\"", "e-mail", "cafe", "strasse", "東京", "a otter", "x", "naive 4",
            "absent", "\"otter river\"",
        ]
        var checked = 0
        for _ in 0..<300 {
            let fields = (0..<(1 + random.below(3))).map { _ in
                (0..<random.below(160)).map { _ in
                    vocabulary[random.below(vocabulary.count)] + separators[random.below(separators.count)]
                }.joined()
            }
            for text in queries {
                let query = SearchQuery(text)
                for maxWords in [32, 5] {
                    let windowed = SearchExcerpt.excerpt(of: fields, query: query, maxWords: maxWords, windowed: true)
                    let whole = SearchExcerpt.excerpt(of: fields, query: query, maxWords: maxWords, windowed: false)
                    XCTAssertEqual(windowed, whole, "\(text) in \(fields)")
                    let total = fields.reduce(0) { sum, field in
                        var field = field
                        return sum + field.withUTF8 { utf8 in
                            query.rawTerms.reduce(0) { $0 + SearchText.occurrences(of: $1, in: utf8) }
                        }
                    }
                    let counted = SearchExcerpt.excerpt(
                        of: fields, query: query, maxWords: maxWords, windowed: true, totalMatches: total)
                    XCTAssertEqual(counted, whole, "given the total: \(text) in \(fields)")
                    if windowed.first?.text.hasPrefix("...") == true { checked += 1 }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "witness: many excerpts start inside their field")
    }
}
