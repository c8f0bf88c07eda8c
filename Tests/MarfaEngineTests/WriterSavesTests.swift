import Foundation
import MarfaRules
import XCTest
@testable import MarfaEngine

/// A reading handle takes in the writer's saves from the store's files (swift-api "One writer per store": a
/// reader's streams hear the writer's saves as `.saved`).
final class WriterSavesTests: XCTestCase {
    func testAReaderTakesEachSaveOnceInOrderAndRebuildsPastACheckpoint() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var generator = SeededChanges(seed: 21)
        let items = (0..<6).map { _ in generator.item(id: generator.id()) }
        let writer = try await CopyActor.open(at: url, origin: nil)
        try await writer.commit([.putItem(items[0])])
        let reader = try await CopyActor.open(at: url, origin: nil, readOnly: true)
        expectEqual(try await reader.takeWriterSaves(), [], "witness: nothing new since the reader opened")

        try await writer.commit([.putItem(items[1])])
        try await writer.commit([.putItem(items[2])])
        let saves = try await reader.takeWriterSaves()
        XCTAssertEqual(saves.map(\.items), [[items[1].id], [items[2].id]])
        XCTAssertEqual(saves.map(\.origin), [.saved(commit: 2), .saved(commit: 3)])
        expectEqual(try await reader.takeWriterSaves(), [], "each save is taken once")

        try await writer.checkpoint()
        try await writer.commit([.putItem(items[3])])
        expectEqual(try await reader.takeWriterSaves().map(\.items), [[items[3].id]])

        try await writer.commit([.putItem(items[4])])
        try await writer.checkpoint()
        try await writer.commit([.putItem(items[5])])
        let rebuilt = try await reader.takeWriterSaves()
        XCTAssertEqual(rebuilt.map(\.everything), [true], "records dropped by a checkpoint: one save naming all")
        let held = await reader.state.items.keys
        XCTAssertEqual(Set(held), Set(items.map(\.id)))
        expectEqual(await reader.state.commitCount, await writer.state.commitCount)
        await writer.close()
        await reader.close()
    }
}

private func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ message: String = "", line: UInt = #line) {
    XCTAssertEqual(actual, expected, message, line: line)
}
