import XCTest
@testable import MarfaEngine

final class PackedRowSetTests: XCTestCase {
    /// Checks `set` against `model`: layout, count and the decoded rows (a well-formed `RowSet`).
    private func check(_ set: PackedRowSet, _ model: Set<RowID>, _ note: String) throws {
        try set.checkInvariants()
        let rows = set.rows
        try rows.checkInvariants()
        XCTAssertEqual(set.count, model.count, note)
        XCTAssertEqual(rows.rows, model.sorted(), note)
    }

    func testBulkAppendsThenInsertsAndRemovalsMatchASetAcrossPackingAndBitmaps() throws {
        var random = SplitMixRandom(seed: 30)
        var set = PackedRowSet()
        var model = Set<RowID>()
        // Bulk appends in ascending batches: chunk 0 grows past the pack limit into a bitmap, chunk 1 stays
        // packed with wide gaps (several bytes each), chunk 3 holds a handful.
        var next: RowID = 0
        for _ in 0..<12 {
            var batch: [RowID] = []
            for _ in 0..<800 {
                next += RowID(1 + random.below(7))
                if next < 65536 { batch.append(next) }
            }
            batch += (0..<40).map { _ in 65536 + RowID(random.below(65536)) }.sorted().filter { $0 > batch.last ?? 0 }
            set.append(contentsOf: batch[...])
            model.formUnion(batch)
        }
        set.append(contentsOf: [3 << 16 | 5, 3 << 16 | 40_000, 3 << 16 | 65_535][...])
        model.formUnion([3 << 16 | 5, 3 << 16 | 40_000, 3 << 16 | 65_535])
        set.shrinkToFit()
        try check(set, model, "after bulk appends")
        XCTAssertGreaterThan(model.filter { $0 < 65536 }.count, PackedRowSet.packLimit)
        // Removals bring chunk 0 back under the pack limit, then random inserts and removals land anywhere.
        for row in model.filter({ $0 < 65536 }).sorted().shuffled(using: &random).prefix(3000) {
            XCTAssertTrue(set.remove(row))
            model.remove(row)
        }
        XCTAssertLessThan(model.filter { $0 < 65536 }.count, PackedRowSet.packLimit)
        try check(set, model, "after removals")
        for step in 0..<6000 {
            let row: RowID = random.below(3) == 0 ? RowID(random.below(4 << 16)) : RowID(random.below(70_000))
            if random.below(2) == 0 {
                XCTAssertEqual(set.insert(row), model.insert(row).inserted, "insert \(row)")
            } else {
                XCTAssertEqual(set.remove(row), model.remove(row) != nil, "remove \(row)")
            }
            if step % 1000 == 999 { try check(set, model, "step \(step)") }
        }
        for row in model.sorted() { XCTAssertTrue(set.remove(row)) }
        XCTAssertTrue(set.isEmpty)
        try check(set, [], "emptied")
    }

    func testSparseRowsCostAboutAByteEach() {
        var set = PackedRowSet()
        set.append(contentsOf: stride(from: RowID(0), to: 65536, by: 20).map { $0 }[...])
        set.shrinkToFit()
        XCTAssertEqual(set.count, 3277)
        XCTAssertLessThan(set.byteCount, 3277 + 200)
        XCTAssertEqual(set.rows.rows, stride(from: RowID(0), to: 65536, by: 20).map { $0 })
    }
}
