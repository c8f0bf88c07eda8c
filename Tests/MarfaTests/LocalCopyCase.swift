import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// A test case with a fresh local store and a copy opened on it (no server) for each test, closed and removed after.
class LocalCopyCase: XCTestCase {
    /// The store of the running test.
    var store: URL!
    /// The copy opened on `store`.
    var copy: WorkingCopy!

    override func setUp() async throws {
        store = freshStore()
        copy = try await WorkingCopy.open(store: store)
    }

    override func tearDown() async throws {
        await copy?.close()
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
    }
}
