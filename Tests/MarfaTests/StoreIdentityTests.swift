import Foundation
import Marfa
import MarfaStorage
import MarfaTestSupport
import XCTest

final class StoreIdentityTests: XCTestCase {
    func testTheKeyIsNeverWrittenToAnyFileOfTheStore_WC1() async throws {
        let store = freshStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let key = "marfa_k1_DISTINCTIVE-KEY-7f3c9a1e5b"
        let server = Server(url: try XCTUnwrap(URL(string: "http://127.0.0.1:9/base")), key: key)
        XCTAssertFalse(String(describing: server).contains(key))
        XCTAssertFalse(String(reflecting: server).contains(key))
        let copy = try await WorkingCopy.open(store: store, server: server)
        let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "secret-free"]))
        try await copy.checkpoint()
        _ = try await copy.tags.add("after-snapshot", to: try XCTUnwrap(created.itemId))
        await copy.close()

        var checked = 0
        let directory = try StoreDirectory.openReader(at: store.path)
        for name in try FileManager.default.contentsOfDirectory(atPath: store.path) {
            let bytes = try Data(contentsOf: store.appendingPathComponent(name))
            XCTAssertNil(bytes.range(of: Data(key.utf8)), "\(name) holds the key")
            checked += 1
        }
        for segment in try SnapshotReader(directory: directory).snapshotSegments() {
            let payload = Data(try SnapshotReader(directory: directory).read(segment: segment))
            XCTAssertNotNil(payload.range(of: Data("secret-free".utf8)), "witness: the snapshot holds the row")
            XCTAssertNil(payload.range(of: Data(key.utf8)))
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3)
        let status = try await WorkingCopy.openReader(store: store).status()
        XCTAssertEqual(status.serverOrigin, "http://127.0.0.1:9/base")
    }

    func testAnotherProcessGetsAReadingHandleThatRefusesWrites_WC2() async throws {
        let store = freshStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let writer = try await WorkingCopy.open(store: store)
        XCTAssertEqual(writer.handle, .writer)
        _ = try await writer.items.create(Draft(type: "core.note", properties: ["title": "held"]))

        let refused = try runMarfa([
            "--json", "device", "--db", store.path, "items", "create", "--type", "core.note", "--properties", "{}",
        ])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        let error = try JSONValue(json: refused.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(error.object?["error"]?.object?["code"]?.string, "reading_handle")

        let status = try runMarfa(["--json", "device", "--db", store.path, "status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(try JSONValue(json: status.stdout).object?["items"], .integer(1))
        await writer.close()

        let accepted = try runMarfa([
            "--json", "device", "--db", store.path, "items", "create", "--type", "core.note", "--properties", "{}",
        ])
        XCTAssertEqual(accepted.status, 0, "witness: once the writer closes, a process writes: \(accepted.stderr)")
    }

    func testAReaderOfAMissingStoreCreatesNothing_WC3() async throws {
        let store = freshStore()
        do {
            _ = try await WorkingCopy.openReader(store: store)
            XCTFail("a missing store opened")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "no_store")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
    }
}
