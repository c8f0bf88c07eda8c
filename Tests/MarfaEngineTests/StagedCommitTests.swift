import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// A burst staged one commit at a time and settled once (how a catch-up applies the events it has received).
final class StagedCommitTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    /// Each staged commit is visible at once, one settle makes all of them durable in order with each cursor in
    /// its own record (WC-18), and listeners are told of every one, in order, only after the settle.
    func testABurstSettledOnceIsDurableInOrderAndEachCommitIsTold_WC18() async throws {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        let told = Told()
        _ = await copy.addListener { told.append($0) }
        var generator = SeededChanges(seed: 21)
        var staged: [CopyActor.StagedCommit] = []
        for index in 1...40 {
            let changes = generator.batch() + [.setCursor(String(index))]
            let origin = CommitOrigin.server(event: "item_updated", cursor: String(index))
            guard let commit = try await copy.stageCommit(changes, origin: origin) else {
                return XCTFail("nothing staged")
            }
            staged.append(commit)
            let cursor = await copy.state.cursor
            XCTAssertEqual(cursor, String(index))
        }
        XCTAssertEqual(told.cursors, [])
        try await copy.settle(staged)
        XCTAssertEqual(told.cursors, (1...40).map(String.init))
        let live = await copy.state
        await copy.close()
        let reopened = try await CopyActor.open(at: url, origin: nil)
        let restored = await reopened.state
        XCTAssertEqual(restored, live)
        XCTAssertEqual(restored.cursor, "40")
        await reopened.close()
    }
}

/// The notices a listener was given, from any thread.
private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var notices: [CommitNotice] = []

    func append(_ notice: CommitNotice) {
        lock.withLock { notices.append(notice) }
    }

    /// The cursor of each notice from the server, in the order told.
    var cursors: [String] {
        lock.withLock {
            notices.compactMap { notice in
                if case .server(_, let cursor) = notice.origin { return cursor }
                return nil
            }
        }
    }
}
