import Foundation
import XCTest

@testable import MarfaRules

final class LinkPartsTests: XCTestCase {
    /// One row: a text, and each link as `name|heading|alias` (`-` for an absent part).
    private struct Row {
        let text: String
        let links: [String]
        let line: UInt
    }

    private func row(_ text: String, _ links: [String], line: UInt = #line) -> Row {
        Row(text: text, links: links, line: line)
    }

    private func summary(_ part: LinkPart) -> String {
        [part.name.text, part.heading?.text ?? "-", part.alias?.text ?? "-"].joined(separator: "|")
    }

    func testLinkGrammarTable_F094_F095() {
        let rows = [
            row("See [[Reading list#Essays|my essays]].", ["Reading list|Essays|my essays"]),
            row("[[Persuasion]]", ["Persuasion|-|-"]),
            row("Compare [[Middlemarch, by George Eliot]] and [[Persuasion]].",
                ["Middlemarch, by George Eliot|-|-", "Persuasion|-|-"]),
            row("[[ Spaced name  # Heading |  alias ]]", ["Spaced name|Heading|alias"]),
            row("[[a [[b]]", ["b|-|-"]),
            row("[[[a]]]", ["a|-|-"]),
            row("[[a]b]]", ["a]b|-|-"]),
            row("[[a#b#c]]", ["a|b#c|-"]),
            row("[[a|b|c]]", ["a|-|b|c"]),
            row("[[a|b#c]]", ["a|-|b#c"]),
            row("[[a#]] [[b|]]", ["a|-|-", "b|-|-"]),
            row("![[picture.png]] beside [[note]]", ["note|-|-"]),
            row("![[a [[b]]", ["b|-|-"]),
            row("[[]] and [[  ]] and [[#local]] and [[|alias]]", []),
            row("an [[unclosed link", []),
            row("[[split\nacross]]", []),
            row("[[one]]\n[[two]]\r\n[[three]]\r[[four]]", ["one|-|-", "two|-|-", "three|-|-", "four|-|-"]),
            row(#"\[[escaped]] and [[a\|b]] and [[c\]]"#, [#"escaped|-|-"#, #"a\|-|b"#, #"c\|-|-"#]),
            row("`[[inline]]` [[real]]", ["real|-|-"]),
            row("```literal```\n[[Visible]] `[[Hidden]]`\n", ["Visible|-|-"]),
            row("`first\n[[Hidden]]\nlast`\n[[Visible]]\n", ["Visible|-|-"]),
            row("```md\n[[fenced]]\n```\n~~~\n[[tilde]]\n~~~\n[[real]]", ["real|-|-"]),
            row("````\n```\n[[in]]\n````\n[[out]]", ["out|-|-"]),
            row("> ```\n> [[Hidden]]\n> ```\n\n[[Visible]]\n", ["Visible|-|-"]),
            row("- item\n\n  ```\n  [[Hidden]]\n  ```\n\n[[Visible]]\n", ["Visible|-|-"]),
            row("    [[Hidden]]\n\n[[Visible]]\n", ["Visible|-|-"]),
            row("- outer\n\n    [[Visible]]\n", ["Visible|-|-"]),
            row("Paragraph\n    [[Continued]]", ["Continued|-|-"]),
            row("<!-- [[html]] --> %% [[comment]] %% [[real]]", ["real|-|-"]),
            row("`%%` [[Visible]]", ["Visible|-|-"]),
            row("`<!--` [[Visible]]", ["Visible|-|-"]),
            row("%%\n```\n[[Hidden]]\n%%\n[[Visible]]", ["Visible|-|-"]),
            row("<!--\n```\n[[Hidden]]\n-->\n[[Visible]]", ["Visible|-|-"]),
            row("%% ` %% [[Visible]] `", ["Visible|-|-"]),
            row("%% [[Hidden]] %% [[Visible]] <!-- [[Hidden]] -->", ["Visible|-|-"]),
            row("[[Visible]] %% [[Hidden]]", ["Visible|-|-"]),
            row("%%c%%    [[Visible]]", ["Visible|-|-"]),
            row("[[a %% x %% b]] [[c]]", ["c|-|-"]),
            row("# [[Heading link]] #", ["Heading link|-|-"]),
            row("> quoted [[link]]\n- [ ] task [[todo]]", ["link|-|-", "todo|-|-"]),
        ]
        for row in rows {
            XCTAssertEqual(linkParts(in: row.text).map(summary), row.links, row.text, line: row.line)
        }
    }

    func testSeedExampleSplitsNameHeadingAndAliasWithTheirRanges_F094() {
        let text = "See [[Reading list#Essays|my essays]]."
        let parts = linkParts(in: text)
        XCTAssertEqual(parts.count, 1)
        guard let part = parts.first else { return }
        XCTAssertEqual(part.name.text, "Reading list")
        XCTAssertEqual(part.heading?.text, "Essays")
        XCTAssertEqual(part.alias?.text, "my essays")
        XCTAssertEqual(part.target, "Reading list")
        XCTAssertEqual(part.range, NSRange(location: 4, length: 33))
        XCTAssertEqual(part.name.range, NSRange(location: 6, length: 12))
        XCTAssertEqual(part.heading?.range, NSRange(location: 19, length: 6))
        XCTAssertEqual(part.alias?.range, NSRange(location: 26, length: 9))
        let ns = text as NSString
        XCTAssertEqual(ns.substring(with: part.range), "[[Reading list#Essays|my essays]]")
        XCTAssertEqual(ns.substring(with: part.name.range), "Reading list")
    }

    func testRangesCountUTF16UnitsAfterEmojiAndAccents_F094() {
        let text = "👩‍👩‍👧 é [[Café 😀|ünï]]"
        let parts = linkParts(in: text)
        XCTAssertEqual(parts.count, 1)
        guard let part = parts.first else { return }
        let prefix = "👩‍👩‍👧 é ".utf16.count
        XCTAssertEqual(part.range.location, prefix)
        XCTAssertEqual(part.name.range, NSRange(location: prefix + 2, length: "Café 😀".utf16.count))
        XCTAssertEqual(part.name.utf16Range, prefix + 2..<prefix + 2 + "Café 😀".utf16.count)
        let ns = text as NSString
        XCTAssertEqual(ns.substring(with: part.name.range), "Café 😀")
        XCTAssertEqual(ns.substring(with: part.alias?.range ?? NSRange()), "ünï")
        XCTAssertEqual(part.utf16Range.count, "[[Café 😀|ünï]]".utf16.count)
    }

    func testNestedOpenersTakeTheLastOneBeforeTheClose_F095() {
        let text = "[[a [[b]]"
        let part = linkParts(in: text).first
        XCTAssertEqual(part?.range, NSRange(location: 4, length: 5))
        XCTAssertEqual(part?.name.range, NSRange(location: 6, length: 1))
    }

    func testALinkAfterAClosedCodeSpanOnTheSameLineIsALink_F095() {
        XCTAssertEqual(linkParts(in: "`code` then [[after]] and `x`").map(\.target), ["after"])
        XCTAssertEqual(linkParts(in: "an `unclosed span [[still a link]]").map(\.target), ["still a link"])
    }
}
