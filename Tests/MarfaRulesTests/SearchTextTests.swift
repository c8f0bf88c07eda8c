import XCTest
@testable import MarfaRules

final class SearchTextTests: XCTestCase {
    func testFoldingRemovesCaseAndDiacritics() {
        let table: [(String, String)] = [
            ("Éclair", "eclair"), ("Crème BRÛLÉE, ok?", "creme brulee, ok?"), ("naïve Zürich", "naive zurich"),
            ("Straße", "strasse"), ("STRAẞE", "strasse"), ("İstanbul", "istanbul"), ("ıssız", "issiz"),
            ("ISTANBUL", "istanbul"), ("e\u{301}te\u{301}", "ete"), ("Ærø", "æro"), ("Łódź", "lodz"),
            ("Привет, Ёлка", "привет, елка"), ("ΆΘΗΝΑ ΟΔΟΣ", "αθηνα οδοσ"), ("ﬁne", "fine"), ("ＡＢＣ１", "abc1"),
            ("東京 日本語", "東京 日本語"), ("😀 rocket🚀", "😀 rocket🚀"), ("Ǖber", "uber"), ("", ""),
        ]
        for (text, folded) in table {
            XCTAssertEqual(SearchText.fold(text), folded, text)
        }
    }

    func testASCIIFoldingKeepsPunctuationAndLowercaseTextIsUnchanged() {
        XCTAssertEqual(SearchText.fold("Hello, World! 42_x"), "hello, world! 42_x")
        let lower = "already lower-case text, with digits 123"
        XCTAssertEqual(SearchText.fold(lower), lower)
    }

    func testWordsSplitAtEverythingButLettersAndDigits() {
        XCTAssertEqual(SearchText.words("e-mail to ÉMILE"), ["e", "mail", "to", "emile"])
        XCTAssertEqual(SearchText.words("snake_case, don't 3.14 😀x"), ["snake", "case", "don", "t", "3", "14", "x"])
        XCTAssertEqual(SearchText.words("東京タワー は 高い"), ["東京タワー", "は", "高い"])
        XCTAssertEqual(SearchText.words("  ,;  "), [])
    }

    func testNormalFormPadsWordsWithSingleSpaces() {
        XCTAssertEqual(String(decoding: SearchText.normalize("Hello,  Wörld!"), as: UTF8.self), " hello world ")
        XCTAssertEqual(SearchText.normalize("?!"), [])
        XCTAssertEqual(String(decoding: SearchText.normalizedOperand("o, W"), as: UTF8.self), "o w")
        XCTAssertEqual(String(decoding: SearchText.normalizedOperand(", wor"), as: UTF8.self), " wor")
        XCTAssertEqual(String(decoding: SearchText.normalizedOperand("llo!"), as: UTF8.self), "llo ")
        XCTAssertEqual(SearchText.normalizedOperand("\u{301}"), [])
        XCTAssertEqual(SearchText.normalizedOperand(", "), [])
    }

    /// The property `contains` candidates rest on: whenever a text holds a piece (at scalar boundaries), the text's
    /// normal form holds the piece's normalized operand, so the words the operand spans find the text.
    func testEveryPieceOfATextSurvivesNormalization() {
        let pool: [String] = [
            "a", "B", "z", "É", "é", "e\u{301}", "ß", "İ", "ı", " ", ",", "-", "_", "東", "京", "ё", "Ω", "😀",
            "\u{301}", "1", "ﬁ", "'", "\n",
        ]
        var random = SplitMixRandom(seed: 7)
        for _ in 0..<2000 {
            let scalars = Array((0..<random.below(14)).map { _ in pool[random.below(pool.count)] }.joined()
                .unicodeScalars)
            let text = String(String.UnicodeScalarView(scalars))
            let normalized = SearchText.normalize(text)
            let start = random.below(scalars.count + 1)
            let end = start + random.below(scalars.count - start + 1)
            let piece = String(String.UnicodeScalarView(scalars[start..<end]))
            let operand = SearchText.normalizedOperand(piece)
            XCTAssertTrue(operand.isEmpty || SearchText.occurrences(of: operand, in: normalized) > 0,
                          "\(text) ⊅ \(piece)")
        }
    }

    /// The ASCII fast path writes the same normal form as the general path.
    func testTheASCIIPathAgreesWithTheGeneralPath() {
        let pool = ["ab", "AB", "a", "b", "Ab1", "1", " ", "  ", ",", "-", "_", "'", "\t", "abab", "ba", "zz", "Z"]
        var random = SplitMixRandom(seed: 12)
        for _ in 0..<3000 {
            let text = (0..<random.below(24)).map { _ in pool[random.below(pool.count)] }.joined()
            let bytes = Array(text.utf8)
            var fast: [UInt8] = []
            var general: [UInt8] = []
            bytes.withUnsafeBufferPointer { utf8 in
                SearchText.normalizeASCII(utf8, padded: true, into: &fast)
                SearchText.normalizeScalars(utf8, padded: true, into: &general)
            }
            XCTAssertEqual(fast, general, text)
            var operandFast: [UInt8] = []
            var operandGeneral: [UInt8] = []
            bytes.withUnsafeBufferPointer { utf8 in
                SearchText.normalizeASCII(utf8, padded: false, into: &operandFast)
                SearchText.normalizeScalars(utf8, padded: false, into: &operandGeneral)
            }
            XCTAssertEqual(operandFast, operandGeneral, text)
        }
    }

    /// Texts mixing ASCII runs with other scalars (one word may hold both) normalize as folding them one scalar at
    /// a time does: the ASCII runs the general path writes through its fast loop join the words around them.
    func testMixedTextsNormalizeAsScalarByScalarFolding() {
        let pool = ["ab", "AB", "Z9", " ", ",", "_", "É", "é", "e\u{301}", "ß", "ﬁ", "東", "Ё", "😀", "\u{301}", "\n"]
        var random = SplitMixRandom(seed: 31)
        for _ in 0..<3000 {
            let text = (0..<random.below(24)).map { _ in pool[random.below(pool.count)] }.joined()
            for padded in [true, false] {
                var written: [UInt8] = []
                Array(text.utf8).withUnsafeBufferPointer {
                    SearchText.normalizeScalars($0, padded: padded, into: &written)
                }
                XCTAssertEqual(written, Self.foldedScalarByScalar(text, padded: padded), "\(text) padded \(padded)")
            }
        }
    }

    /// The normal form spelled one scalar at a time through the fold table, with no fast path: the oracle above.
    private static func foldedScalarByScalar(_ text: String, padded: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var inWord = false
        var sawWord = false
        var sawSeparator = padded
        Array(text.utf8).withUnsafeBufferPointer { utf8 in
            SearchText.forEachScalar(in: utf8) { _, _, entry in
                if entry == SearchFold.separatorEntry {
                    inWord = false
                    sawSeparator = true
                } else if entry != SearchFold.markEntry {
                    if !inWord && sawSeparator { bytes.append(SearchText.space) }
                    if !inWord { (inWord, sawWord, sawSeparator) = (true, true, false) }
                    SearchText.appendWord(entry, to: &bytes)
                }
            }
        }
        if sawWord && (padded || sawSeparator) { bytes.append(SearchText.space) }
        return bytes
    }

    /// Finding a term in raw text, folding on the fly, answers what searching its pattern in the normal form
    /// answers, for every script, mark and case the pool mixes.
    func testRawMatchingAgreesWithTheNormalForm() {
        let pool = [
            "ab", "AB", "a", "b", "Ab1", "1", " ", "  ", ",", "-", "_", "'", "\t", "abab", "ba", "zz", "Z", "É", "é",
            "e\u{301}", "\u{301}", "ß", "ss", "SS", "İ", "i", "ı", "東", "京", "😀", "ﬁ", "fi", "Ё", "ё", "е",
            "ＡＢ", "stra", "straße", "ǅ", "\u{0308}", "s", "f", "stras", "e",
        ]
        var random = SplitMixRandom(seed: 13)
        for round in 0..<6000 {
            let text = (0..<random.below(30)).map { _ in pool[random.below(pool.count)] }.joined()
            let separator = round % 2 == 0 ? " " : "-"
            let source = round % 3 == 0 ? String(text.prefix(random.below(12))) : (0..<(1 + random.below(3)))
                .map { _ in pool[random.below(pool.count)] }.joined(separator: separator)
            assertRawCountsMatchTheNormalForm(SearchQuery(round % 5 == 0 ? "\"\(source)\"" : source), in: text)
        }
    }

    /// Text is screened sixteen starts at a time by the window screen (P-76): across window edges, capitals,
    /// digits, control bytes that OR 0x20 onto digits, first words of one to four bytes (a short one followed by a
    /// word byte or not), prefixes and phrases, and now and then a non-ASCII scalar (one folding to an ASCII
    /// letter, a combining mark, a ligature folding to two letters), the raw count still answers what the normal
    /// form answers.
    func testWindowScreenKeepsEveryASCIIStart() {
        let pool = [
            "ab", "AB", "a", "Ab1", "1", "12", " ", ",", "-", "\u{10}", "\u{11}", "abc", "ABCD", "abcd", "b", "ba",
            "Zz", "x", "xyz9", "é", "ß", "É", "\u{301}", "\u{FB01}",
        ]
        var random = SplitMixRandom(seed: 46)
        for round in 0..<4000 {
            let text = (0..<(10 + random.below(60))).map { _ in
                round % 4 == 0 || random.below(40) > 0 ? pool[random.below(19)] : pool[19 + random.below(5)]
            }.joined()
            let source = (0..<(1 + random.below(2))).map { _ in pool[random.below(pool.count)] }.joined(separator: " ")
            assertRawCountsMatchTheNormalForm(SearchQuery(round % 3 == 0 ? "\"\(source)\"" : source), in: text)
        }
    }

    func testOccurrencesCountOverlapsAndStopAtWordEdges() {
        let text = SearchText.normalize("a a a banana")
        XCTAssertEqual(SearchText.occurrences(of: Array(" a ".utf8), in: text), 3)
        XCTAssertEqual(SearchText.occurrences(of: Array(" ban".utf8), in: text), 1)
        XCTAssertEqual(SearchText.occurrences(of: Array(" nana".utf8), in: text), 0)
        XCTAssertEqual(SearchText.occurrences(of: [], in: text), 0)
        XCTAssertEqual(SearchText.occurrences(of: Array(" banana x".utf8), in: text), 0)
    }

    func testGrammarContainsFoldsASCIICaseOnly() {
        XCTAssertTrue(SearchText.containsIgnoringASCIICase("Hello World", "O wOR"))
        XCTAssertTrue(SearchText.containsIgnoringASCIICase("100%_done", "%_D"))
        XCTAssertTrue(SearchText.containsIgnoringASCIICase("anything", ""))
        XCTAssertFalse(SearchText.containsIgnoringASCIICase("Émile", "émile"))
        XCTAssertTrue(SearchText.containsIgnoringASCIICase("Émile", "ÉMILE"))
        XCTAssertFalse(SearchText.containsIgnoringASCIICase("ab", "abc"))
        XCTAssertTrue(SearchText.hasPrefixIgnoringASCIICase("Report 2024", "rEPORT"))
        XCTAssertFalse(SearchText.hasPrefixIgnoringASCIICase("My Report", "report"))
    }

    /// Checks that each term of `query` is counted in `text`'s raw UTF-8 as often as its pattern in the normal form.
    private func assertRawCountsMatchTheNormalForm(
        _ query: SearchQuery, in text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let normal = SearchText.normalize(text)
        var bytes = Array(text.utf8)
        for (term, raw) in zip(query.patterns, query.rawTerms) {
            let found = bytes.withUnsafeMutableBufferPointer {
                SearchText.occurrences(of: raw, in: UnsafeBufferPointer($0))
            }
            XCTAssertEqual(found, SearchText.occurrences(of: term, in: normal),
                           "\(String(decoding: term, as: UTF8.self)) in \(text.debugDescription)", file: file, line: line)
        }
    }
}
