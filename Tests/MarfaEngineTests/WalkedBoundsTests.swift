import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// Rows lying exactly on a time bound, listed through the sort-index walk, which leaves its own time's bounds to
/// where it starts and stops (`RowFilter.matchesWalked`, Decision 0063), against the brute-force evaluation.
final class WalkedBoundsTests: XCTestCase {
    /// Occurred bounds exclusive at both ends, updated bounds inclusive after and exclusive before (WC-53, F035,
    /// F037), in the canonical form and in spellings the fallback parse reads (an offset, a lowercase `z`), both
    /// directions.
    func testRowsOnTheWalkedTimesBoundsMatchTheEvaluator_WC53_F035_F037() throws {
        var state = CopyState()
        var indexes = ReadIndexes()
        var generator = SeededChanges(seed: 9)
        let stamps = (0..<40).map {
            Timestamp.string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double($0 % 8) * 3600))
        }
        for index in 0..<400 {
            var item = generator.item(id: generator.id())
            item.state = .active
            item.occurredAt = stamps[index % stamps.count]
            item.updatedAt = stamps[(index * 7) % stamps.count]
            let old = state.items[item.id]
            state.apply(.putItem(item))
            indexes.reflect(row: try XCTUnwrap(state.items.row(of: item.id)), old: old, new: item)
        }
        let bounds = [stamps[2], stamps[5], "2023-11-14T23:13:20+01:00", "2023-11-15T01:13:20.000z"]
        let orders: [(SortField, SortDirection)] = [
            (.occurredAt, .ascending), (.occurredAt, .descending), (.updatedAt, .ascending), (.updatedAt, .descending),
            (.createdAt, .ascending),
        ]
        var compared = 0
        for after in [nil] + bounds.map(Optional.some) {
            for before in [nil] + bounds.map(Optional.some) {
                for (field, direction) in orders {
                    let occurred = field != .updatedAt
                    // `updatedAfter` lists oldest change first only.
                    if !occurred && direction == .descending && after != nil { continue }
                    let filters = occurred
                        ? ListFilters(occurredAfter: after, occurredBefore: before, limit: 500)
                        : ListFilters(updatedAfter: after, updatedBefore: before, limit: 500)
                    let query = try ListQuery(
                        filters, sort: Sort(field: field, direction: direction), catalog: state.catalog, slice: nil)
                    let evaluator = try ListEvaluator(query: query, catalog: state.catalog, state: state)
                    let expected = evaluator.rows(state: state).map(\.id)
                    let walked = try XCTUnwrap(
                        IndexedList(query: query, evaluator: evaluator, smallSetLimit: 0)
                            .rows(items: state.items, catalog: state.catalog, indexes: indexes))
                    XCTAssertEqual(walked.map(\.id), expected, "\(filters) \(field) \(direction)")
                    compared += expected.count
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000, "witness: the bounds kept rows to compare")
    }
}
