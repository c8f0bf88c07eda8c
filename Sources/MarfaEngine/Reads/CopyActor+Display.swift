import MarfaRules

extension CopyActor {
    /// Each item's name and preview by the catalog's display hints (F093).
    package func displays(of inputs: [ItemDisplayInput]) -> [ItemDisplay] {
        inputs.map { DisplayRule.display(of: $0, catalog: state.catalog) }
    }

    /// What each link target could name, from the copy alone (F096–F098): bound by a held id or by a title the
    /// note already has an edge to; an item in the bin is never a candidate.
    /// - Complexity: O(items) per target (titles are compared whole, with no title index yet).
    package func linkCandidates(of targets: [String], in id: String?) throws(MarfaError) -> [LinkCandidates] {
        _ = try readCompleteness()
        let bound = Set(id.map { state.edges.records(from: $0).map(\.targetId) } ?? [])
        let items = state.items.values
        return targets.map {
            LinkResolver.candidates(target: $0, items: items, boundIds: bound, catalog: state.catalog)
        }
    }

    /// The links in a saved item's body, each with the item it names or why it names none (F099).
    package func links(in id: String) throws(MarfaError) -> BodyLinks {
        guard try readCompleteness() == .complete else {
            throw MarfaError.hydrationIncomplete(message: "body links are read once the copy is whole")
        }
        guard let item = state.items[id], item.state != .trashed else {
            throw MarfaError.notFound(code: "not_held", message: "the copy does not hold item \(id)")
        }
        let body = state.catalog.bodyField(of: item.type).flatMap { item.property($0)?.string } ?? ""
        let parts = linkParts(in: body)
        let candidates = try linkCandidates(of: parts.map(\.target), in: id)
        let names = zip(parts, candidates).map { part, found -> BodyName in
            let target: BodyTarget
            switch found.state {
            case .bound: target = found.candidates.first.map { .item(id: $0.id) } ?? .missing
            case .ambiguous: target = .ambiguous
            case .unresolved: target = .pending
            }
            return BodyName(text: part.name.text, name: part.target, target: target)
        }
        return BodyLinks(links: names)
    }
}
