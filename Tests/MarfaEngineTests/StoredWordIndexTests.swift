import Foundation
import MarfaRules
import MarfaStorage
import XCTest

@testable import MarfaEngine

/// The word index stored beside a snapshot (Decision 0071): it reads back as the index it was, a reopened copy
/// takes it instead of building, the journal's changes after the snapshot reach it, and a damaged one is passed over.
final class StoredWordIndexTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    private func store(_ name: String = #function) -> URL {
        let url = temporaryStore(name)
        folders.append(url)
        return url
    }

    private func note(_ number: Int, _ title: String, body: String = "") -> Item {
        let time = "2026-01-02T03:04:05.006Z"
        var properties: JSONObject = ["title": .string(title)]
        if !body.isEmpty { properties["body"] = .string(body) }
        return Item(
            id: String(format: "0190a1b2-0000-7000-8000-%012x", number), type: "core.note",
            properties: properties, occurredAt: time, createdAt: time, updatedAt: time)
    }

    /// 300 notes: titles of `alpha` and `gamma` or `delta`, every 50th with a body of 2,500 words (so it has a word
    /// pair filter), and words held by one row (`solo<n>`) and by many.
    private func notes() -> [Item] {
        (0..<300).map { number in
            let body =
                number % 50 == 0
                ? (0..<2500).map { "w\(($0 * 7 + number) % 600)" }.joined(separator: " ") : "solo\(number) common"
            return note(number, "alpha \(number % 7 == 0 ? "gamma" : "delta") \(number)", body: body)
        }
    }

    /// The words the assertions compare across indexes.
    private let words = ["alpha", "gamma", "delta", "common", "solo1", "solo299", "w0", "w599", "fresh", "7", "100"]

    /// Asserts that `index` holds what `expected` holds for `words`, including pair filters, and is whole.
    private func assertSame(
        _ index: WordIndex, as expected: WordIndex, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try assertSameWordIndex(index, as: expected, words: words, file: file, line: line)
        for (first, second) in [("w0", "w7"), ("w0", "w1")] {
            func pair(_ index: WordIndex) -> [UInt32] {
                index.wordIDs(of: Array(first.utf8)) + index.wordIDs(of: Array(second.utf8))
            }
            XCTAssertEqual(
                index.mayHoldAdjacent(pair(index), in: 0), expected.mayHoldAdjacent(pair(expected), in: 0),
                "\(first) \(second)", file: file, line: line)
        }
        let lacked = expected.wordIDs(of: Array("w0".utf8)) + expected.wordIDs(of: Array("w1".utf8))
        XCTAssertFalse(
            expected.mayHoldAdjacent(lacked, in: 0), "witness: row 0's pair filter rules out a pair it lacks",
            file: file, line: line)
    }

    /// A copy at `url` holding `notes()`, its word index built by a search.
    private func indexedCopy(at url: URL) async throws -> CopyActor {
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit(notes().map { .putItem($0) })
        _ = try await copy.search("alpha", filters: SearchFilters(), limit: 1)
        return copy
    }

    /// Asserts that `copy`'s search finds `gamma` in `hits` notes and that `warmUps` warm-ups began (1: the stored
    /// index was read and nothing was built after it).
    private func assertGamma(
        in copy: CopyActor, hits: Int, warmUps: UInt64, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let found = try await copy.search("gamma", filters: SearchFilters(), limit: 100).rows
        XCTAssertEqual(found.count, hits, file: file, line: line)
        let begun = await copy.lastWarmUpToken
        XCTAssertEqual(begun, warmUps, "warm-ups begun", file: file, line: line)
    }

    /// The index over `items` built from scratch.
    private func built(_ items: [Item]) -> WordIndex {
        var state = CopyState()
        var indexes = ReadIndexes()
        for item in items { CopyActor.apply(.putItem(item), to: &state, indexes: &indexes) }
        indexes.buildWords(state: state)
        return indexes.words ?? WordIndex()
    }

    /// The bytes `writeImage` writes for `index`, gathered.
    private func image(of index: WordIndex) throws -> [UInt8] {
        let gathered = Gathered()
        var writer = WordIndexImageWriter { gathered.bytes.append(contentsOf: $0) }
        try index.writeImage(into: &writer)
        try writer.finish()
        return gathered.bytes
    }

    private final class Gathered {
        var bytes: [UInt8] = []
    }

    /// The index `bytes` hold, read back piece by piece as from a stream.
    private func read(_ bytes: [UInt8], piece: Int = 1000) throws -> WordIndex {
        var offset = 0
        var reader = WordIndexImageReader(length: bytes.count) { target in
            let count = min(piece, target.count, bytes.count - offset)
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: target[0..<count])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
            }
            offset += count
            return count
        }
        return try WordIndex(image: &reader)
    }

    /// An index written and read back holds the same postings, lengths, totals and pair filters, read in small
    /// pieces or large ones; bytes cut short are refused, never misread.
    func testAnIndexReadsBackAsItWasWritten() throws {
        let index = built(notes())
        let bytes = try image(of: index)
        try assertSame(try read(bytes), as: index)
        try assertSame(try read(bytes, piece: 1 << 20), as: index)
        XCTAssertGreaterThan(index.postings(of: Array("w0".utf8)).count, 1, "witness: a word of many rows")
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            XCTAssertThrowsError(try read(Array(bytes[0..<cut])), "cut at \(cut)")
        }
    }

    /// WC-52 with Decision 0071: a checkpoint taken once a search built the index stores it beside the snapshot; the
    /// reopened copy reads it instead of building, and the journal's changes after the snapshot reach it, so its
    /// searches answer what a build from scratch answers.
    func testAReopenedCopyReadsItsStoredIndexAndTheJournalAfterIt_WC52() async throws {
        let url = store()
        let copy = try await indexedCopy(at: url)
        try await copy.commit([.putItem(note(1, "alpha delta fresh"))])
        try await copy.checkpoint()
        try await copy.commit([
            .putItem(note(14, "alpha delta 14")), .removeItem(id: note(21, "").id), .putItem(note(400, "gamma fresh")),
        ])
        let live = await copy.state
        await copy.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
        XCTAssertEqual(files.filter { $0.hasPrefix("words-") }.count, 1, "one index stored: \(files)")

        let reopened = try await CopyActor.open(at: url, origin: nil)
        let kept = await reopened.storedWordIndex != nil
        XCTAssertTrue(kept, "the stored index is kept for the first search")
        let expected = built(Array(live.items.values))
        let gamma = try await reopened.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        let loadedWords = await reopened.indexes.words
        let loaded = try XCTUnwrap(loadedWords)
        try assertSame(loaded, as: expected)
        XCTAssertTrue(gamma.contains(note(400, "").id), "a note added after the snapshot")
        XCTAssertFalse(gamma.contains(note(14, "").id), "a note retitled after the snapshot")
        XCTAssertFalse(gamma.contains(note(21, "").id), "a note removed after the snapshot")
        let warmUps = await reopened.lastWarmUpToken
        XCTAssertEqual(warmUps, StoredWordIndex.token, "read, not built after a failed read")
        let gammaRows = expected.postings(of: Array("gamma".utf8)).count
        XCTAssertEqual(gamma.count, Int(gammaRows))
        await reopened.close()
    }

    /// Checkpoints in a row (each stops storing the index of the snapshot it replaces) leave one stored index, beside
    /// the newest snapshot (the one before it is kept without its index, Issue26.3), and the reopened copy reads it.
    func testCheckpointsInARowLeaveTheIndexOfTheNewestSnapshot() async throws {
        let url = store()
        let copy = try await indexedCopy(at: url)
        for number in 0..<3 {
            try await copy.commit([.putItem(note(500 + number, "gamma fresh"))])
            try await copy.checkpoint()
        }
        await copy.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
        let snapshots = files.compactMap(StoreFileName.snapshotNumber(of:))
        let stored = files.compactMap(StoreFileName.wordIndexNumber(of:))
        XCTAssertEqual(snapshots.count, 2, "the newest snapshot and the one before it (Issue26.3)")
        XCTAssertEqual(stored, [snapshots.max() ?? 0], "the stored index is the newest snapshot's: \(files)")
        let reopened = try await CopyActor.open(at: url, origin: nil)
        try await assertGamma(in: reopened, hits: 46, warmUps: StoredWordIndex.token)
        await reopened.close()
    }

    /// The warm-up `WorkingCopy.open` starts reads the stored index rather than building one (Decision 0054, 0071).
    func testTheWarmUpReadsTheStoredIndex() async throws {
        let url = store()
        let copy = try await indexedCopy(at: url)
        try await copy.checkpoint()
        await copy.close()
        let reopened = try await CopyActor.open(at: url, origin: nil)
        await reopened.warmTextIndex()
        let warming = await reopened.textIndexWarmUp?.build.token
        XCTAssertEqual(warming, StoredWordIndex.token, "the warm-up reads the stored index")
        try await assertGamma(in: reopened, hits: 43, warmUps: StoredWordIndex.token)
        await reopened.close()
    }

    /// A stored index whose bytes are damaged is passed over: the copy builds the index instead and answers the same.
    func testADamagedStoredIndexIsBuiltAgain() async throws {
        let url = store()
        let copy = try await indexedCopy(at: url)
        try await copy.checkpoint()
        let live = await copy.state
        await copy.close()
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: url.path).first {
            $0.hasPrefix("words-")
        })
        let path = url.appendingPathComponent(name).path
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0x5A
        try bytes.write(to: URL(fileURLWithPath: path))

        let reopened = try await CopyActor.open(at: url, origin: nil)
        try await assertGamma(in: reopened, hits: 43, warmUps: StoredWordIndex.token + 1)
        let rebuiltWords = await reopened.indexes.words
        try assertSame(try XCTUnwrap(rebuiltWords), as: built(Array(live.items.values)))
        await reopened.close()
    }

    /// No index is stored before a search built one, and a later checkpoint removes the index stored beside the
    /// snapshot it replaces.
    func testOnlyTheNewestSnapshotKeepsAStoredIndex() async throws {
        let url = store()
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit(notes().map { .putItem($0) })
        try await copy.checkpoint()
        func stored() async throws -> [String] {
            await copy.wordIndexWrite?.task.value
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasPrefix("words-") }
                .sorted()
        }
        let none = try await stored()
        XCTAssertEqual(none, [], "no search, no index")
        _ = try await copy.search("alpha", filters: SearchFilters(), limit: 1)
        try await copy.checkpoint()
        let first = try await stored()
        XCTAssertEqual(first.count, 1)
        try await copy.commit([.putItem(note(5, "alpha fresh"))])
        try await copy.checkpoint()
        let second = try await stored()
        XCTAssertEqual(second.count, 1)
        XCTAssertNotEqual(second, first, "the older index went with its snapshot")
        await copy.close()
    }

    /// A snapshot restores items at rows counted from 0 in row order, so an index stored while the table has free
    /// rows would name other rows after a reopen: a copy that removed an item before the checkpoint stores none,
    /// and its reopened searches answer what a build from scratch answers.
    func testNoIndexIsStoredWhileTheTableHasFreeRows() async throws {
        let url = store()
        let copy = try await indexedCopy(at: url)
        try await copy.commit([.removeItem(id: note(3, "").id)])
        _ = try await copy.search("alpha", filters: SearchFilters(), limit: 1)
        try await copy.checkpoint()
        await copy.wordIndexWrite?.task.value
        let live = await copy.state
        await copy.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
        XCTAssertEqual(files.filter { $0.hasPrefix("words-") }, [], "no index stored over a free row: \(files)")

        let reopened = try await CopyActor.open(at: url, origin: nil)
        let gamma = try await reopened.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        let expected = Set(live.items.values.filter { ($0.properties["title"]?.string ?? "").contains("gamma") }.map(\.id))
        XCTAssertEqual(Set(gamma), expected)
        XCTAssertEqual(expected.count, 43, "witness: note 3 was no gamma note, every 7th is")
        await reopened.close()
    }

    /// A checkpoint stores the index only when few rows wait for it: past `staleRowsBroughtCurrent` it stores none
    /// and leaves the rows for the next search, so it never holds the actor to bring a large catch-up current.
    func testACheckpointAfterManyChangesStoresNoIndexAndLeavesThemForTheNextSearch() async throws {
        let url = store()
        let copy = try await indexedCopy(at: url)
        let changed = (0..<(StoredWordIndex.staleRowsBroughtCurrent + 1)).map {
            StoreChange.putItem(note(1_000 + $0, "gamma late \($0)"))
        }
        try await copy.commit(changed)
        let waiting = await copy.indexes.staleWordRowCount
        XCTAssertGreaterThan(waiting, StoredWordIndex.staleRowsBroughtCurrent, "witness: more rows wait")
        try await copy.checkpoint()
        await copy.wordIndexWrite?.task.value
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
        XCTAssertEqual(files.filter { $0.hasPrefix("words-") }, [], "no index stored: \(files)")
        let stillWaiting = await copy.indexes.staleWordRowCount
        XCTAssertEqual(stillWaiting, waiting, "the checkpoint did not bring the index current")
        let hits = try await copy.search("gamma", filters: SearchFilters(), limit: 5_000).rows.count
        XCTAssertEqual(hits, 43 + StoredWordIndex.staleRowsBroughtCurrent + 1, "the next search sees every row")
        await copy.close()
    }
}
