import MarfaRules

extension CopyActor {
    /// Each item's name and preview by the catalog's display hints (F093).
    package func displays(of inputs: [ItemDisplayInput]) -> [ItemDisplay] {
        inputs.map { DisplayRule.display(of: $0, catalog: state.catalog) }
    }

    /// What each link target could name, from the copy alone (F096–F098): bound by a held id or by a title the
    /// note already has an edge to; an item in the bin is never a candidate.
    /// - Complexity: O(matches) per target once the title index is current; bringing it current costs O(items
    ///   changed since the last link read), or O(items) on the first read or after a catalog change or a refill.
    package func linkCandidates(of targets: [String], in id: String?) throws(MarfaError) -> [LinkCandidates] {
        _ = try readCompleteness()
        let bound = Set(id.map { state.edges.records(from: $0).map(\.targetId) } ?? [])
        let titles = currentTitleIndex()
        let current = state
        return targets.map {
            LinkResolver.candidates(
                target: $0,
                held: { id in current.items[id].flatMap { $0.state == .trashed ? nil : $0 } },
                titled: { titles.items(titled: $0, in: current) },
                boundIds: bound)
        }
    }

    /// The title index brought up to the present commit: refreshed from the change log when it knows every commit
    /// since the index's and none of them changed the catalog or every row, built again otherwise.
    func currentTitleIndex() -> TitleIndex {
        if var index = titleIndex, index.commit != state.commitCount {
            titleIndex = nil
            if let notices = changeLog.notices(after: index.commit), !notices.contains(where: \.reindexesTitles) {
                index.refresh(changed: Set(notices.flatMap { $0.items + $0.removedItems }), to: state)
                titleIndex = index
            }
        }
        let index = titleIndex ?? TitleIndex(state)
        titleIndex = index
        return index
    }
}
