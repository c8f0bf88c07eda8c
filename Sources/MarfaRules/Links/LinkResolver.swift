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
        return candidates(
            target: target,
            held: { id in live.first { $0.id.lowercased() == id } },
            titled: { name in
                live.filter { item in
                    guard let field = catalog.titleField(of: item.type),
                        let title = item.property(field)?.string
                    else { return false }
                    return folded(title) == name
                }
            },
            boundIds: boundIds)
    }

    /// The candidates for `target`, given the live item a folded id names (`held`) and the live items whose folded
    /// title is a folded name, in the copy's order (`titled`): the rule above, for callers with their own indexes.
    package static func candidates(
        target: String, held: (String) -> Item?, titled: (String) -> [Item], boundIds: Set<String>
    ) -> LinkCandidates {
        let wanted = folded(target)
        guard !wanted.isEmpty else { return LinkCandidates(target: target, state: .unresolved, candidates: []) }
        if let item = held(wanted) {
            return LinkCandidates(target: target, state: .bound, candidates: [item])
        }
        let named = titled(wanted)
        let bound = named.filter { boundIds.contains($0.id) }
        if bound.count == 1 { return LinkCandidates(target: target, state: .bound, candidates: bound) }
        let state: LinkCandidates.State = bound.count > 1 || named.count > 1 ? .ambiguous : .unresolved
        return LinkCandidates(target: target, state: state, candidates: named)
    }

    /// A name as names compare: trimmed and lowercased (Swift strings compare in canonical form).
    package static func folded(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
