import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Bad input to the device command line (issue 26 point 5): refused with `usage` or a specific code, never a crash,
/// and a refused command changes nothing.
final class CommandLineInputTests: XCTestCase {
    private var store: URL!

    override func setUp() {
        store = freshStore()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
    }

    private func device(_ words: [String], reader: Bool = false) throws -> CommandResult {
        try runMarfa(["--json", "device", "--db", store.path] + (reader ? ["--reader"] : []) + words)
    }

    /// Makes the store with one queued write (no server named, so it is bound to none).
    private func makeStore() throws {
        let created = try device(["items", "create", "--type", "core.note", "--properties", #"{"title":"held"}"#])
        XCTAssertEqual(created.status, 0, created.stderr)
    }

    private func errorCode(_ result: CommandResult) throws -> String? {
        try JSONValue(json: result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)).object?["error"]?
            .object?["code"]?.string
    }

    func testSecondsThatAreNotFiniteOrOverflowAreUsage_Issue26_5() throws {
        try makeStore()
        for (operation, seconds) in [
            ("follow", "1e20"), ("changes", "inf"), ("follow", "-inf"), ("changes", "nan"), ("follow", "1e400"),
            ("changes", "-1"), ("follow", "1e300"),
        ] {
            let refused = try device([operation, "--for", seconds])
            XCTAssertEqual(refused.status, 2, "\(operation) --for \(seconds): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.hasPrefix("usage error:"), "\(operation) --for \(seconds): \(refused.stderr)")
            XCTAssertEqual(refused.stdout, "", "\(operation) --for \(seconds) answered nothing")
        }
        let witness = try device(["changes", "--for", "0"])
        XCTAssertEqual(witness.status, 0, "witness: a finite --for is taken: \(witness.stderr)")
    }

    func testCountsAndVersionsThatOverflowAreUsage_Issue26_5() throws {
        try makeStore()
        for words in [
            ["items", "list", "--limit", "1e20"], ["items", "list", "--limit", "4294967296"],
            ["items", "list", "--offset", "-1"], ["search", "held", "--limit", "inf"],
            ["items", "create", "--type", "core.note", "--version", "9223372036854775808"],
            ["items", "update", "x", "--properties", "{}", "--version", "1e3"],
        ] {
            let refused = try device(words)
            XCTAssertEqual(refused.status, 2, "\(words): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.hasPrefix("usage error:"), "\(words): \(refused.stderr)")
        }
        let witness = try device(["items", "list", "--limit", "4294967295"])
        XCTAssertEqual(
            try errorCode(witness), "hydration_incomplete",
            "witness: the largest count passes the parser and meets the read gate (WC-4): \(witness.stderr)")
    }

    func testCheckpointOnAReadingHandleIsRefusedAndWritesNothing_Issue26_5() throws {
        try makeStore()
        let before = try FileManager.default.contentsOfDirectory(atPath: store.path).sorted()
        let refused = try device(["checkpoint"], reader: true)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(try errorCode(refused), "reading_handle")
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.path).sorted(), before)
        let witness = try device(["checkpoint"])
        XCTAssertEqual(witness.status, 0, "witness: the writer checkpoints: \(witness.stderr)")
        XCTAssertNotEqual(try FileManager.default.contentsOfDirectory(atPath: store.path).sorted(), before)
    }

    func testAReadOnAPathHoldingNoStoreIsRefusedNoStoreAndCreatesNothing_Issue26_5() throws {
        for words in [
            ["items", "list"], ["items", "get", "x"], ["status"], ["queue"], ["search", "x"], ["types", "list"],
            ["edges", "list", "x"], ["checkpoint"], ["changes", "--for", "0"], ["drain"], ["forget"],
        ] {
            let refused = try device(words)
            XCTAssertEqual(refused.status, 2, "\(words): \(refused.stderr)")
            XCTAssertEqual(try errorCode(refused), "no_store", "\(words)")
            XCTAssertEqual(refused.stdout, "", "\(words)")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: store.deletingLastPathComponent().path), "\(words) made a store")
        }
        try makeStore()
        let witness = try device(["queue"])
        XCTAssertEqual(witness.status, 0, "witness: once a write made the store, a read answers: \(witness.stderr)")
        XCTAssertEqual(try JSONValue(json: witness.stdout).array?.count, 1)
    }

    func testARefusedHydrateBindsTheStoreToNoOrigin_Issue26_5() throws {
        let server = ["--url", "http://127.0.0.1:9", "--key", "marfa_k1_unused"]
        let onNothing = try device(["hydrate", "--types", "core.note"] + server)
        XCTAssertEqual(onNothing.status, 2, onNothing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "a refused hydrate made a store")

        try makeStore()
        for words in [["hydrate", "--types", "core.note"], ["hydrate", "--tier", "all"]] {
            let refused = try device(words + server)
            XCTAssertEqual(refused.status, 2, "\(words): \(refused.stderr)")
        }
        let status = try device(["status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(try JSONValue(json: status.stdout).object?["server_origin"], .null)
        let witness = try device(["status"] + server)
        XCTAssertEqual(witness.status, 0, witness.stderr)
        XCTAssertEqual(
            try JSONValue(json: witness.stdout).object?["server_origin"]?.string, "http://127.0.0.1:9",
            "witness: a command that is carried out binds the store to the origin it names")
    }
}
