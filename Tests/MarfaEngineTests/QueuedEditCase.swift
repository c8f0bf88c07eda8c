import Foundation
import MarfaRules
import MarfaTestSupport
import XCTest

@testable import MarfaEngine

/// A test case for the rules that move queued item edits (V-15 to V-18): one note id, one time, edits that may keep
/// what they read, and the stores the test opened, removed after it.
class QueuedEditCase: XCTestCase {
    /// The stores the running test opened.
    var folders: [URL] = []
    /// The note every edit names.
    let itemId = "0190a1b2-0000-7000-8000-000000000001"
    /// The time every row and write carries.
    let time = "2026-01-02T03:04:05.006Z"

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    /// An unsent update of the note on `base`, sending `properties`, that read `read` (nil: kept no reading).
    func edit(_ id: String, base: Int64, _ properties: JSONObject, read: JSONObject?) -> QueuedWrite {
        QueuedWrite(
            id: id, kind: .updateItem, itemId: itemId, baseVersion: base, idempotencyKey: "key-\(id)",
            body: ["version": .integer(base), "properties": .object(properties)], queuedAt: time, read: read)
    }

    /// The note at `version` holding `properties`.
    func note(version: Int64, _ properties: JSONObject) -> Item {
        Item(
            id: itemId, type: "core.note", properties: properties, version: version, occurredAt: time,
            createdAt: time, updatedAt: time)
    }
}
