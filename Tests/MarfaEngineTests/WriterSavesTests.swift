import Foundation
import MarfaRules
import MarfaTestSupport
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

    /// Decision 0057: a reading handle opened over a snapshot never decodes it again (its payload damaged after the
    /// open is not read), a look that finds the files as they were reads nothing, and a look after a save reads
    /// only the new record (a segment whose header is damaged, which any whole read refuses, is read from where
    /// its records ended); the save, written over the zeros ahead of the tail, leaves the segment's size as it was.
    func testALookReadsNothingWhenNothingWasSavedAndASnapshotMetBeforeIsNotDecodedAgain() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var generator = SeededChanges(seed: 22)
        let items = (0..<4).map { _ in generator.item(id: generator.id()) }
        let writer = try await CopyActor.open(at: url, origin: nil)
        try await writer.commit([.putItem(items[0])])
        try await writer.checkpoint()
        try await writer.commit([.putItem(items[1])])
        let reader = try await CopyActor.open(at: url, origin: nil, readOnly: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        let snapshot = url.appendingPathComponent(try XCTUnwrap(names.first { $0.hasPrefix("snapshot-") }))
        let segment = url.appendingPathComponent(try XCTUnwrap(names.filter { $0.hasPrefix("journal-") }.max()))
        try damage(snapshot, at: try size(of: snapshot) / 2)

        try damage(segment, at: 10)
        expectEqual(try await reader.takeWriterSaves(), [], "nothing saved: the segment is not read")

        let sizeBefore = try size(of: segment)
        try await writer.commit([.putItem(items[2])])
        XCTAssertEqual(try size(of: segment), sizeBefore, "witness: the save went over the zeros ahead")
        let saves = try await reader.takeWriterSaves()
        XCTAssertEqual(saves.map(\.items), [[items[2].id]], "only the new record and no snapshot read")
        try await writer.commit([.putItem(items[3])])
        let next = try await reader.takeWriterSaves()
        XCTAssertEqual(next.map(\.items), [[items[3].id]])
        await writer.close()
        await reader.close()
    }
}

/// The size in bytes of the file at `url`.
private func size(of url: URL) throws -> Int {
    try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
}

/// Flips the bits of the byte at `offset` of the file at `url`.
private func damage(_ url: URL, at offset: Int) throws {
    var bytes = try Data(contentsOf: url)
    bytes[offset] ^= 0xFF
    try bytes.write(to: url)
}

private func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ message: String = "", line: UInt = #line) {
    XCTAssertEqual(actual, expected, message, line: line)
}
