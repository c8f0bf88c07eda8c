import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Issue26.3 and 26.4 through the device command line (device-cli "status"; the `salvage` operation): a damaged
/// store's refusal names the file, `salvage` still writes what it holds, and `status` carries what recovery did.
final class StoreDamageCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.path + "/marfa-damage-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func marfa(_ arguments: [String]) throws -> (Int32, JSONValue?, String) {
        let result = try runMarfa(["--json"] + arguments)
        return (result.status, try? JSONValue(json: result.stdout), result.stderr)
    }

    /// Three notes, each written by its own process, so each lands in its own journal segment (1, 2, 3).
    private func storeOfThreeNotes() throws -> String {
        let store = folder + "/store"
        for title in ["one", "two", "three"] {
            let (status, _, stderr) = try marfa([
                "device", "--db", store, "items", "create", "--type", "core.note", "--properties",
                "{\"title\":\"\(title)\"}",
            ])
            XCTAssertEqual(status, 0, stderr)
        }
        return store
    }

    func testSalvageWritesTheQueueThenTheRowsOfAStoreThatRefusesToOpen_Issue26_3() throws {
        let store = try storeOfThreeNotes()
        let missing = store + "/journal-00000000000000000002.log"
        try FileManager.default.removeItem(atPath: missing)
        let names = try FileManager.default.contentsOfDirectory(atPath: store).sorted()
        let (refused, _, refusal) = try marfa(["device", "--db", store, "status"])
        XCTAssertEqual(refused, 1)
        XCTAssertTrue(refusal.contains("\"code\":\"store_corrupt\""), refusal)
        XCTAssertTrue(refusal.contains(missing), "the refusal names the missing segment (Issue26.4): \(refusal)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store).sorted(), names, "nothing changed")

        let out = folder + "/salvage.jsonl"
        let (status, answer, stderr) = try marfa(["device", "--db", store, "salvage", "--out", out])
        XCTAssertEqual(status, 0, stderr)
        XCTAssertEqual(answer?.object?["queued_writes"], 2)
        XCTAssertEqual(answer?.object?["items"], 2)
        XCTAssertEqual(answer?.object?["damage"]?.array?.first?.object?["file"], .string(missing))
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
            .map { try JSONValue(json: String($0)) }
        XCTAssertEqual(lines.map { $0.object?.keys.first }, ["queued_write", "queued_write", "item", "item"])
        let titles = Set(lines.compactMap { $0.object?["item"]?.object?["properties"]?.object?["title"]?.string })
        XCTAssertEqual(titles, ["one", "three"])
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store).sorted(), names, "read only")
    }

    func testStatusCarriesTheTornTailTheOpenCut_Issue26_4() throws {
        let store = try storeOfThreeNotes()
        let (first, quiet, _) = try marfa(["device", "--db", store, "status"])
        XCTAssertEqual(first, 0)
        XCTAssertEqual(quiet?.object?["recovery"], .null, "nothing to report yet")
        // That open started segment 4 and wrote nothing to it: a torn write there is 11 bytes after its header.
        let segment = store + "/journal-00000000000000000004.log"
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: segment))
        let headerEnd = try handle.seekToEnd()
        try handle.write(contentsOf: Data([100, 0, 0, 0, 9, 9, 9, 9, 1, 2, 3]))
        try handle.close()

        let (status, answer, stderr) = try marfa(["device", "--db", store, "status"])
        XCTAssertEqual(status, 0, stderr)
        XCTAssertEqual(answer?.object?["items"], 3, "every acknowledged write is kept")
        let torn = answer?.object?["recovery"]?.object?["torn_tail"]?.object
        XCTAssertEqual(torn?["file"], .string(segment))
        XCTAssertEqual(torn?["offset"], .integer(Int64(headerEnd)))
        XCTAssertEqual(torn?["bytes_cut"], 11)
        XCTAssertEqual(torn?["reason"], "runs_past_end")
        let (_, later, _) = try marfa(["device", "--db", store, "status"])
        XCTAssertEqual(later?.object?["recovery"]?.object?["torn_tail"]?.object?["file"], .string(segment),
            "the next process's status still says what the cut was")
    }
}
