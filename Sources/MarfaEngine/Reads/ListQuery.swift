import Foundation
import MarfaRules

/// A list request checked against the seed's rules (seed 000 "Filter and sort", F031–F048), ready to evaluate.
///
/// A class, so the evaluator, the indexed list and the row filter share one instance: as a struct every holder
/// copied the filters (a retain and a release of each of their strings, sets and arrays) on every list.
package final class ListQuery: Sendable {
    /// The filters as given.
    package let filters: ListFilters
    /// The order, with the defaults resolved.
    package let field: SortField
    /// The direction, with the defaults resolved.
    package let direction: SortDirection
    /// The parsed grammar filter, if any.
    package var expression: FilterExpression? { evaluator?.expression }
    /// The grammar filter made ready to answer, if any (`ParsedFilters`).
    package let evaluator: FilterEvaluator?
    /// The states kept.
    package let states: Set<ItemState>
    /// The `occurred_at` bounds (both exclusive), read once from the filters' texts.
    package let occurredBounds: TimeBounds
    /// The `updated_at` bounds (after inclusive, before exclusive), read once from the filters' texts.
    package let updatedBounds: TimeBounds

    /// Checks filters and sort, refusing what the seed refuses: more than ten or no types, an unknown type, an empty
    /// state set or one beside `allStates`, a sort beside `updatedAfter`, a property name outside `[a-z0-9_]`.
    package init(_ filters: ListFilters, sort: Sort, catalog: CatalogSnapshot, slice: Slice?) throws(MarfaError) {
        if let types = filters.types {
            guard !types.isEmpty, types.count <= 10 else {
                throw MarfaError.validation(code: "validation_error", message: "name between one and ten types")
            }
            for type in types where !Self.holds(type, catalog: catalog, slice: slice) {
                throw MarfaError.unknownType(message: "the copy does not hold type \(type)")
            }
        }
        if let states = filters.states {
            guard !states.isEmpty else {
                throw MarfaError.validation(code: "validation_error", message: "an empty set of states keeps nothing")
            }
            guard !filters.allStates else {
                throw MarfaError.validation(code: "validation_error", message: "name states or allStates, not both")
            }
        }
        states = filters.allStates ? Self.everyState : (filters.states ?? Self.activeOnly)
        occurredBounds = TimeBounds(
            after: try Self.milliseconds(filters.occurredAfter), before: try Self.milliseconds(filters.occurredBefore),
            afterIsInclusive: false)
        updatedBounds = TimeBounds(
            after: try Self.milliseconds(filters.updatedAfter), before: try Self.milliseconds(filters.updatedBefore),
            afterIsInclusive: true)
        if filters.updatedAfter != nil {
            guard sort.field == nil || sort.field == .updatedAt, sort.direction == nil || sort.direction == .ascending
            else {
                throw MarfaError.validation(
                    code: "validation_error", message: "a list with updatedAfter is oldest change first")
            }
            field = .updatedAt
            direction = .ascending
        } else {
            if case .property(let name)? = sort.field {
                guard !name.isEmpty, name.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
                    || $0 == 0x5F })
                else {
                    throw MarfaError.validation(
                        code: "validation_error", message: "\"\(name)\" is not a property name to sort by")
                }
            }
            let binOnly = filters.states?.count == 1 && filters.states?.first == .trashed
            field = sort.field ?? (binOnly ? .updatedAt : .createdAt)
            if let given = sort.direction {
                direction = given
            } else if case .property? = sort.field {
                direction = .ascending
            } else {
                direction = .descending
            }
        }
        evaluator = try filters.filter.map { text throws(MarfaError) in try ParsedFilters.evaluator(for: text) }
        self.filters = filters
    }

    /// The states a list keeps by default, built once rather than on every list.
    private static let activeOnly: Set<ItemState> = [.active]
    /// The states `allStates` keeps.
    private static let everyState = Set(ItemState.allCases)

    /// A time bound in milliseconds (nil for none), refusing one that is not RFC 3339.
    private static func milliseconds(_ bound: String?) throws(MarfaError) -> Int64? {
        guard let bound else { return nil }
        guard let milliseconds = TimeKey.readMilliseconds(bound) ?? Timestamp.dayStart(bound).map(Self.milliseconds)
        else {
            throw MarfaError.validation(
                code: "validation_error", message: "\"\(bound)\" is neither an RFC 3339 time nor a day (YYYY-MM-DD)")
        }
        return milliseconds
    }

    /// A day's start in milliseconds since the epoch: a day bound is the start of that day in UTC (F041).
    private static func milliseconds(_ day: Date) -> Int64 {
        Int64(day.timeIntervalSince1970) * 1000
    }

    /// Whether a list may name `type`: the catalog knows it, and a bound copy's slice takes it.
    private static func holds(_ type: String, catalog: CatalogSnapshot, slice: Slice?) -> Bool {
        guard catalog.holdsItemType(type) || type.hasSuffix(".*") else { return false }
        guard let slice else { return true }
        return slice.types.contains { taken in
            catalog.isType(type, matching: taken) || (!taken.hasSuffix(".*") && catalog.isType(taken, within: type))
        }
    }
}
