import MarfaRules

extension CopyActor {
    /// How complete reads are now, or the refusal while the copy cannot answer (WC-4, seed 000 "While the copy fills").
    ///
    /// A store no server has touched is local and always whole; a bound copy answers once filled, says
    /// `.partial` during a fill, and refuses everything while never filled or expired.
    package func readCompleteness() throws(MarfaError) -> Completeness {
        guard origin != nil else { return .complete }
        switch state.hydration {
        case .complete: return .complete
        case .inProgress: return .partial
        case .never:
            throw MarfaError.hydrationIncomplete(message: "the copy has not been hydrated yet")
        case .expired:
            throw MarfaError.hydrationIncomplete(message: "the copy expired; hydrate it again")
        }
    }

    /// One item in any state but the bin, or nil (WC-51); during a fill an item not yet arrived throws.
    package func readableItem(_ id: String) throws(MarfaError) -> Item? {
        let completeness = try readCompleteness()
        guard let item = state.items[id] else {
            if completeness == .partial {
                throw MarfaError.hydrationIncomplete(message: "item \(id) may still arrive: the copy is filling")
            }
            return nil
        }
        return item.state == .trashed ? nil : item
    }

    /// The items of many ids at one moment, each once, in first-named order; unknown ids left out.
    package func items(_ ids: [String], includingBin: Bool) throws(MarfaError) -> Rows<Item> {
        let completeness = try readCompleteness()
        var seen = Set<String>()
        var rows: [Item] = []
        for id in ids where seen.insert(id).inserted {
            guard let item = state.items[id], includingBin || item.state != .trashed else { continue }
            rows.append(item)
        }
        return Rows(rows: rows, completeness: completeness)
    }
}
