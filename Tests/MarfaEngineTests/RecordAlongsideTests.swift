import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// Large commits whose record is encoded and queued on another thread while the actor applies them (Decision 0062)
/// keep record order equal to memory order, among themselves and with small commits encoded before the hop.
final class RecordAlongsideTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    func testOnlyACommitEstimatedAtTheMinimumOrMoreGoesAlongside() {
        var generator = SeededChanges(seed: 62)
        let small = (0..<10).map { _ in StoreChange.putItem(generator.item(id: generator.id())) }
        let large = (0..<100).map { _ in StoreChange.putItem(generator.item(id: generator.id())) }
        XCTAssertFalse(RecordAlongside.suits(small))
        XCTAssertTrue(RecordAlongside.suits(large))
    }

    /// A large commit judged on the actor (the path local writes take) goes alongside too, and is durable in order
    /// with the small commits around it.
    func testALargeJudgedCommitGoesAlongsideAndReopensToTheLiveState() async throws {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 64)
        let id = generator.id()
        let large = (0..<100).map { _ in StoreChange.putItem(generator.item(id: generator.id())) }
        XCTAssertTrue(RecordAlongside.suits(large + [.removeItem(id: id)]))
        try await copy.commit([.putItem(generator.item(id: id))])
        try await copy.commitJudged(large + [.removeItem(id: id)], origin: .housekeeping)
        try await copy.commit([.putItem(generator.item(id: id))])
        let held = await copy.state.items[id]
        XCTAssertNotNil(held)
        try await assertReopensToTheLiveState(copy, at: url)
    }

    /// Writers commit large and small batches at once, each large batch re-putting one item a small batch of
    /// another writer may remove; the reopened copy (the journal replayed in record order) equals the live one.
    func testInterleavedLargeAndSmallCommitsReopenToTheLiveState() async throws {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 63)
        let shared = (0..<8).map { _ in generator.id() }
        var plans: [[[StoreChange]]] = []
        for writer in 0..<4 {
            var commits: [[StoreChange]] = []
            for round in 0..<12 {
                let id = shared[(writer + round) % shared.count]
                if (writer + round) % 3 == 0 {
                    commits.append([.removeItem(id: id)])
                } else {
                    var item = generator.item(id: id)
                    item.version = Int64(writer * 100 + round)
                    let filler = (0..<80).map { _ in StoreChange.putItem(generator.item(id: generator.id())) }
                    commits.append(filler + [.putItem(item)])
                }
            }
            plans.append(commits)
        }
        XCTAssertTrue(plans.joined().contains(where: RecordAlongside.suits), "the test needs large commits")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for commits in plans {
                group.addTask {
                    for changes in commits { try await copy.commit(changes) }
                }
            }
            try await group.waitForAll()
        }
        try await assertReopensToTheLiveState(copy, at: url)
    }
}
