import XCTest

@testable import MarfaRules

final class DisplayMarkdownTests: XCTestCase {
    func testMarkdownIsRemovedFromPreviews_F093() {
        let table: [(String, String?, UInt)] = [
            ("Plain words.", "Plain words.", #line),
            ("# Heading\nText", "Heading Text", #line),
            ("## Closed heading ##", "Closed heading", #line),
            ("Setext\n======\nbody", "Setext body", #line),
            ("Setext\n---\nbody", "Setext body", #line),
            ("*em* and _em_ and **strong** and __strong__ and ***both***", "em and em and strong and strong and both",
             #line),
            ("~~struck~~ and ==marked==", "struck and marked", #line),
            ("snake_case_name and 2 * 3 * 4", "snake_case_name and 2 * 3 * 4", #line),
            ("an *unclosed emphasis", "an *unclosed emphasis", #line),
            ("**bold *and em*** and a**b**c", "bold and em and abc", #line),
            ("*a `b` c* and x_y_ z _w_", "a b c and x_y_ z w", #line),
            ("a ~single~ tilde", "a ~single~ tilde", #line),
            ("[text](https://example.com) and [ref][1] and [**bold** link](u)", "text and ref and bold link", #line),
            ("[a [b](c) d](e) and [x](<a b>)", "a b d and x", #line),
            ("[[Note]] and [[Note|alias]] and [[Note#Part]] and [[#Local]]", "Note and alias and Note > Part and Local",
             #line),
            ("![alt](img.png) and ![[photo.png]] gone", "and gone", #line),
            ("`code *kept*` and ``a ` b``", "code *kept* and a ` b", #line),
            ("```swift\nlet x = 1\n```\nafter", "let x = 1 after", #line),
            ("    indented code\n\npara", "indented code para", #line),
            ("- one\n- two\n* three\n+ four", "one two three four", #line),
            ("1. first\n2) second", "first second", #line),
            ("- [ ] open task\n- [x] done task", "open task done task", #line),
            ("> quoted\n> > nested", "quoted nested", #line),
            ("---\n***\n___", nil, #line),
            ("text<!-- hidden -->more %%also hidden%% end", "textmore end", #line),
            ("<b>bold</b> and <br/> and <https://a.example> and <me@a.example>",
             "bold and and https://a.example and me@a.example", #line),
            ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2", #line),
            (#"\*not em\* and \[not link\] and a\\b"#, #"*not em* and [not link] and a\b"#, #line),
            ("note[^1] here", "note here", #line),
            ("| a | b |\n|---|:-:|\n| c | d |", "a b c d", #line),
            ("line one  \nline two", "line one line two", #line),
            ("Dr. Smith\n\n\n   spaced   out ", "Dr. Smith spaced out", #line),
        ]
        for (body, preview, line) in table {
            XCTAssertEqual(DisplayRule.preview(body), preview, body, line: line)
        }
    }

    func testWikilinkAliasesShowInPlaceOfTheirNames_F093() {
        XCTAssertEqual(DisplayRule.preview("See [[Reading list#Essays|my essays]]."), "See my essays.")
        XCTAssertEqual(DisplayRule.preview("[[a [[b]] c"), "[[a b c")
    }
}
