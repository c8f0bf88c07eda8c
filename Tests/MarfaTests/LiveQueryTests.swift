import Foundation
import Marfa
import XCTest

/// `LiveQuery` over a local store: it reads, then reads again when an update names something (F107, F132–F136).
@MainActor
final class LiveQueryTests: XCTestCase {
    func testALiveListReadsAgainAfterAWriteAndReassigningTheReadingReadsAgain_F107_F132() async throws {
        let store = freshStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let copy = try await WorkingCopy.open(store: store)
        let query = LiveQuery(copy, reading: .list(ListFilters(types: ["core.note"])))
        XCTAssertEqual(query.value.completeness, .partial, "the placeholder until the first read ends")
        await query.refresh()
        XCTAssertEqual(query.value.count, 0)
        XCTAssertEqual(query.value.completeness, .complete)
        let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "live"]))
        let deadline = Date().addingTimeInterval(10)
        while query.value.count == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(query.value.map(\.id), [write.itemId])
        XCTAssertEqual(query.connection, .local)
        query.reading = .list(ListFilters(types: ["core.task"]))
        await query.refresh()
        XCTAssertEqual(query.value.count, 0)
        XCTAssertNil(query.error)
        query.reading = .list(ListFilters(types: []))
        await query.refresh()
        XCTAssertEqual(query.error?.code(), "validation", "a refused read sets error and keeps the last value")
        await copy.close()
    }
}
