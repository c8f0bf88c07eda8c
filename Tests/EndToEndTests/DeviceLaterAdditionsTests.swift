import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The device command line's later additions (device-cli.md "later additions": S-137, S-138, S-147; Decision 0115):
/// `bin` and `purge` online (F063–F065), `body-links` (F009, F099), and `declare-types` / `declared-types` (P-83),
/// each run as the real `marfa` binary against the reference instance, under `--json` and as a person reads it.
final class DeviceLaterAdditionsTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// `marfa device --db <store> words… --url U --key K` without `--json`, as a person runs it.
    private func text(_ words: [String]) throws -> CommandResult {
        try runMarfa(["device", "--db", harness.store.path] + words
            + ["--url", harness.url.absoluteString, "--key", harness.key])
    }

    private func trash(_ id: String) async throws {
        let (status, answer) = try await harness.request("DELETE", "/items/\(id)?version=1")
        XCTAssertEqual(status, 200, "\(answer)")
    }

    private func ids(_ outcome: DeviceOutcome) -> [String] {
        (outcome.answer?.object?["items"]?.array ?? []).compactMap { $0.object?["id"]?.string }
    }

    func testBinReadsTheInstancesWholeBinOnlinePageByPage_S137_F063() async throws {
        _ = try await harness.createItem(type: "core.note", title: "kept")
        let first = try await harness.createItem(type: "core.note", title: "binned first")
        let second = try await harness.createItem(type: "core.note", title: "binned second")
        try await trash(first)
        try await trash(second)
        let hydrated = try harness.device(["hydrate", "--types", "core.task", "--tier", "all"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)

        let page = try harness.device(["bin", "--limit", "1"])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertEqual(ids(page), [second], "newest change first, whatever the copy's slice")
        let cursor = try XCTUnwrap(page.answer?.object?["next_cursor"]?.string, "a page with more behind it")
        let rest = try harness.device(["bin", "--after", cursor, "--limit", "100"])
        XCTAssertEqual(ids(rest), [first], rest.stderr)
        XCTAssertEqual(rest.answer?.object?["next_cursor"], .null, "the last page names no next")
        XCTAssertEqual(ids(try harness.device(["bin", "--type", "core.task"])), [], "one type's bin")

        let table = try text(["bin"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("binned second") && table.stdout.contains("binned first"), table.stdout)
        XCTAssertFalse(table.stdout.contains("{"), "a person reads a table, not JSON: \(table.stdout)")
    }

    func testPurgeDestroysABinnedItemOnTheInstanceNow_S137_F064_F065() async throws {
        let id = try await harness.createItem(type: "core.note", title: "to purge")
        let other = try await harness.createItem(type: "core.note", title: "still here")
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)

        let outside = try harness.device(["purge", id])
        XCTAssertEqual(outside.status, 1, outside.stderr)
        XCTAssertEqual(outside.code, "validation", "an item the copy shows outside the bin")
        XCTAssertTrue(outside.stderr.contains(#""code":"invalid_transition""#), outside.stderr)
        let unheld = try harness.device(["purge", "0190a1b2-0000-7000-8000-00000000dead"])
        XCTAssertEqual(unheld.code, "not_held", unheld.stderr)
        try await trash(id)
        XCTAssertEqual(try harness.device(["catch-up"]).status, 0)
        let stale = try harness.device(["purge", id, "--version", "7"])
        XCTAssertEqual(stale.code, "version_conflict", stale.stderr)

        let purged = try harness.device(["purge", id])
        XCTAssertEqual(purged.status, 0, purged.stderr)
        XCTAssertEqual(purged.answer, ["id": .string(id), "purged": true])
        let (status, _) = try await harness.request("GET", "/items/\(id)?include=metadata")
        XCTAssertEqual(status, 404, "destroyed on the instance")
        XCTAssertEqual(try harness.device(["items", "get", id], server: false).code, "not_held", "the copy let it go")
        XCTAssertEqual(try harness.device(["items", "get", other], server: false).status, 0, "witness: others stay")
        XCTAssertEqual(try harness.device(["queue"], server: false).answer, [], "a purge is never queued")
    }

    func testBinAndPurgeWithoutAServerAreRefusedNoServerBeforeAnyStoreOpens_S137() throws {
        for words in [["bin"], ["purge", "0190a1b2-0000-7000-8000-00000000dead"]] {
            let refused = try harness.device(words, server: false)
            XCTAssertEqual(refused.status, 1, "\(words): \(refused.stderr)")
            XCTAssertEqual(refused.code, "no_server", "\(words): \(refused.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.store.path), "no store was opened or made")
        for words in [["purge"], ["bin", "--limit", "many"], ["purge", "x", "--version", "-1"]] {
            XCTAssertEqual(try harness.device(words).status, 2, "\(words) is a usage error")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.store.path), "usage is refused first")
    }

    func testBodyLinksNameWhatEachLinkAndEmbedInASavedBodyNames_S138_F009_F099() async throws {
        let persuasion = try await harness.createItem(type: "core.note", title: "Persuasion")
        let extra: JSONObject = [
            "properties": ["title": "Bleak House", "body": "See [[Persuasion]], [[Emma]] and ![[missing-photo.png]]."],
            "edges": ["references": [.string(persuasion)]],
        ]
        let id = try await harness.createItem(type: "core.note", title: "Bleak House", extra: extra)
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)

        let answer = try harness.device(["body-links", id, "0190a1b2-0000-7000-8000-00000000dead", id], server: false)
        XCTAssertEqual(answer.status, 0, answer.stderr)
        let rows = try XCTUnwrap(answer.answer?.array?.compactMap(\.object))
        XCTAssertEqual(rows.map { $0["item_id"]?.string }, [id, id, id], "an id not shown is left out, a repeat once")
        XCTAssertEqual(rows.map { $0["kind"]?.string }, ["link", "link", "embed"])
        XCTAssertEqual(rows.map { $0["text"]?.string }, ["Persuasion", "Emma", "![[missing-photo.png]]"], "as shown")
        XCTAssertEqual(rows.map { $0["name"]?.string }, ["Persuasion", "Emma", "missing-photo.png"])
        XCTAssertEqual(rows.map { $0["target"]?.string }, ["item", "pending", "missing"], "\(rows)")
        XCTAssertEqual(rows.map { $0["target_id"] }, [.string(persuasion), .null, .null], "the edge binds the name")

        let table = try runMarfa(["device", "--db", harness.store.path, "body-links", id])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("Persuasion") && table.stdout.contains("TARGET"), table.stdout)
        XCTAssertEqual(try harness.device(["body-links"], server: false).status, 2, "an id is required")
    }

    private let recipe = #"{"id": "acme.recipe", "parent": "core.note", "label": "Recipe", "#
        + #""fields": {"servings": {"type": "integer"}}}"#

    func testDeclareTypesReplacesTheDeclarationsAndDeclaredTypesReadsThem_S147_P83() throws {
        let create = ["items", "create", "--type", "acme.recipe", "--properties", #"{"title":"Soup"}"#]
        XCTAssertEqual(try harness.device(create, server: false).code, "unknown_type", "witness: undeclared first")
        let declared = try harness.device(["declare-types", "--definitions", "[\(recipe)]"], server: false)
        XCTAssertEqual(declared.status, 0, declared.stderr)
        XCTAssertEqual(declared.answer?.array?.map { $0.object?["id"] }, ["acme.recipe"])
        let read = try harness.device(["declared-types"], server: false)
        XCTAssertEqual(read.answer, declared.answer, "declared-types reads what declare-types left")
        XCTAssertEqual(try harness.device(create, server: false).status, 0, "a declared type is created offline")
        let table = try runMarfa(["device", "--db", harness.store.path, "declared-types"])
        XCTAssertTrue(table.stdout.contains("acme.recipe") && table.stdout.contains("Recipe"), table.stdout)

        let forbidden = try harness.device(["declare-types", "--definitions", #"[{"id": "core.mine"}]"#], server: false)
        XCTAssertEqual(forbidden.code, "forbidden", forbidden.stderr)
        let cleared = try harness.device(["declare-types", "--definitions", "[]"], server: false)
        XCTAssertEqual(cleared.answer, [], "a declaration set replaces the whole set")
        XCTAssertEqual(try harness.device(["declared-types"], server: false).answer, [])
    }

    func testDeclareTypesRefusesTextThatIsNoListOfDefinitionsBeforeTheStoreOpens_S147() throws {
        for text in [#"{"id": "acme.recipe"}"#, "[1]", "not json"] {
            let refused = try harness.device(["declare-types", "--definitions", text], server: false)
            XCTAssertEqual(refused.status, 1, "\(text): \(refused.stderr)")
            XCTAssertEqual(refused.code, "invalid", "\(text): \(refused.stderr)")
        }
        XCTAssertEqual(try harness.device(["declare-types"], server: false).status, 2, "--definitions is required")
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.store.path), "no store was made")
    }

    func testTypesServedReadsTheInstancesCatalogNotTheCopys_CatalogLater_P19_P20() throws {
        let declared = try harness.device(["declare-types", "--definitions", "[\(recipe)]"], server: false)
        XCTAssertEqual(declared.status, 0, declared.stderr)
        let held = try harness.device(["types", "list"], server: false)
        let heldIds = held.answer?.array?.compactMap { $0.object?["id"]?.string } ?? []
        XCTAssertTrue(heldIds.contains("acme.recipe"), "witness: the copy holds its declaration: \(heldIds)")

        let served = try harness.device(["types", "served"])
        XCTAssertEqual(served.status, 0, served.stderr)
        let servedIds = served.answer?.array?.compactMap { $0.object?["id"]?.string } ?? []
        XCTAssertTrue(servedIds.contains("core.note"), "\(servedIds)")
        XCTAssertFalse(servedIds.contains("acme.recipe"), "the instance was never told of it: \(servedIds)")
        let edges = try harness.device(["edge-types", "served"])
        XCTAssertEqual(edges.status, 0, edges.stderr)
        let edgeIds = edges.answer?.array?.compactMap { $0.object?["id"]?.string } ?? []
        XCTAssertTrue(edgeIds.contains("references") && edgeIds.contains("parent-of"), "\(edgeIds)")

        for words in [["types", "served"], ["edge-types", "served"]] {
            XCTAssertEqual(try harness.device(words, server: false).code, "no_server", "\(words) without --url")
        }
        let table = try text(["types", "served"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("core.note") && !table.stdout.contains("{"), table.stdout)
    }
}
