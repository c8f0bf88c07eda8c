import Foundation

/// Says what a link target could name from what the copy holds (F096, F097): the pure half of `linkCandidates`.
package enum LinkResolver {
    /// The candidates for `target` among `items` (held items; the resolver matches ids and titles itself).
    ///
    /// A target is `bound` by the id of a held item, or where exactly one item whose title it names is one the note
    /// already has an edge to (`boundIds`). Two or more such items, or two or more titles it names with none bound,
    /// are `ambiguous`; otherwise it is `unresolved`, with the one item it found, if any, as candidate. Titles
    /// compare whole, ignoring surrounding whitespace, case and Unicode form. An item in the bin is never a candidate.
    package static func candidates(
        target: String, items: [Item], boundIds: Set<String>, catalog: CatalogSnapshot
    ) -> LinkCandidates {
        let live = items.filter { $0.state != .trashed }
        let wanted = folded(target)
        guard !wanted.isEmpty else { return LinkCandidates(target: target, state: .unresolved, candidates: []) }
        if let held = live.first(where: { $0.id.lowercased() == wanted }) {
            return LinkCandidates(target: target, state: .bound, candidates: [held])
        }
        let named = live.filter { item in
            guard let field = catalog.titleField(of: item.type), let title = item.property(field)?.string else {
                return false
            }
            return folded(title) == wanted
        }
        let bound = named.filter { boundIds.contains($0.id) }
        if bound.count == 1 { return LinkCandidates(target: target, state: .bound, candidates: bound) }
        let state: LinkCandidates.State = bound.count > 1 || named.count > 1 ? .ambiguous : .unresolved
        return LinkCandidates(target: target, state: state, candidates: named)
    }

    /// A name as names compare: trimmed and lowercased (Swift strings compare in canonical form).
    private static func folded(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
