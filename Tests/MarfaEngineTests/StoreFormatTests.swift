import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// The store format (Decision 0072): a store a newer build wrote is refused with a clear error and left as it is,
/// and a writer moves an older store up to the format it writes.
final class StoreFormatTests: XCTestCase {
    func testANewerStoreIsRefusedAndAnOlderOneIsMovedUp() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        await copy.close()
        let metadata = url.appendingPathComponent(StoreMetadata.fileName)
        func format() throws -> Int? {
            try JSONValue(jsonBytes: try Data(contentsOf: metadata)).object?["format"]?.integer.map(Int.init)
        }
        XCTAssertEqual(try format(), StoreMetadata.currentFormat)
        func rewrite(format: Int) throws {
            var object = try XCTUnwrap(try JSONValue(jsonBytes: try Data(contentsOf: metadata)).object)
            object["format"] = .integer(Int64(format))
            try Data(try JSONValue.object(object).json().utf8).write(to: metadata)
        }
        try rewrite(format: StoreMetadata.currentFormat + 1)
        do {
            _ = try await CopyActor.open(at: url, origin: nil)
            XCTFail("a newer store opened")
        } catch {
            XCTAssertEqual(error.code(), "store")
            XCTAssertTrue(error.message.contains("newer build"), error.message)
        }
        XCTAssertEqual(try format(), StoreMetadata.currentFormat + 1, "left as it is")
        try rewrite(format: 1)
        let older = try await CopyActor.open(at: url, origin: nil)
        await older.close()
        XCTAssertEqual(try format(), StoreMetadata.currentFormat, "moved up by the writer")
    }
}
