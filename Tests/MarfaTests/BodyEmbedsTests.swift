import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `items.links(in:)` answers a body's file embeds beside its links, each with the file item it names (seed 000
/// line 30 "The links and file embeds in an item's body, each with the item it names", F009; Decision 0111).
final class BodyEmbedsTests: LocalCopyCase {
    private func file(_ title: String, type: String = "core.file.image") async throws -> String {
        let draft = Draft(
            type: type, properties: ["title": .string(title), "blob_ref": "sha256:00", "mime_type": "image/png"])
        return try unwrap(try await copy.items.create(draft).itemId)
    }

    func testLinksInFillsEmbedsWithTheFileEachNames_Seed000Line30_F009() async throws {
        let photo = try await file("Photo.png")
        _ = try await file("twice.png")
        _ = try await file("twice.png", type: "core.file")
        let body = "See ![[photo.png|300]], ![[twice.png]] and ![[gone.pdf]].\n"
            + "A note embed is text: ![[Reading List]]; a link: [[Reading List]]; `![[in code.png]]`."
        let note = try unwrap(try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "Host", "body": .string(body)])).itemId)

        let links = try await copy.items.links(in: note)
        XCTAssertEqual(links.embeds.map(\.text), ["![[photo.png|300]]", "![[twice.png]]", "![[gone.pdf]]"],
                       "seed 000 line 30: the body's file embeds, in order; a note's embed and code are not")
        XCTAssertEqual(links.embeds.map(\.name), ["photo.png", "twice.png", "gone.pdf"])
        XCTAssertEqual(links.embeds.map(\.target), [.item(id: photo), .ambiguous, .missing],
                       "the file item by its title, case folded; two files are ambiguous; none is missing")
        XCTAssertEqual(links.links.map(\.name), ["Reading List"], "the link stays a link")

        let many = try await copy.items.links(in: [note])
        XCTAssertEqual(many[note]?.embeds.map(\.target), [.item(id: photo), .ambiguous, .missing],
                       "many ids fill embeds too")
    }
}
