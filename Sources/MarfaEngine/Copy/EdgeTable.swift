import MarfaRules

/// The edges a copy holds, each in a slot of a paged array with its adjacency threaded through the slot: every
/// edge sits in three doubly linked chains (the edges from its source, to its target, of its type), and one map per
/// kind of chain holds each chain's first slot.
///
/// This replaces a map by edge id plus a `Set` of edge ids per item at each end and per type (Decision 0023): an
/// edge costs its slot and its share of the id maps, with no hashed id strings or `Set` allocations per item. A slot
/// holds an `EdgeRecord` (ids as UUID bits, canonical times as milliseconds, Decision 0028), so a held edge owns no
/// heap string of its own; reads build `Edge`s from records. The maps by item key (an edge's id, a chain's item)
/// are `SlotHashIndex`es, which hold slot numbers (each beside its key's hash bits, Decision 0055) and read each key
/// back from its slot (Decision 0044).
/// Slots are reused after removal, last freed first. A value type: the maps are sharded and the slots paged, so a
/// copy-on-write capture followed by one write copies a few shards and pages, not the whole table.
package struct EdgeTable: Sendable {
    /// A slot number; `none` ends a chain.
    typealias Slot = UInt32

    private static var none: Slot { .max }

    private static let kinds: [EdgeChain.Kind] = [.from, .to, .ofType]

    /// Slots by edge id.
    private var slotsByID = SlotHashIndex()
    /// The first slot of the chain of edges from each item, found by the item's key.
    private var firstFrom = SlotHashIndex()
    /// The first slot of the chain of edges to each item, found by the item's key.
    private var firstTo = SlotHashIndex()
    /// The first slot of the chain of edges of each type.
    private var firstOfType: [String: Slot] = [:]
    /// Edges with their chain links by slot; a free slot holds no edge.
    private var slots = PagedSlots<Entry>(vacant: Entry())

    /// An empty table.
    package init() {}

    /// How many edges the table holds.
    package var count: Int { slotsByID.count }

    /// Whether the table is empty.
    package var isEmpty: Bool { slotsByID.count == 0 }

    /// The edge with `id`, or nil.
    /// - Complexity: O(1) expected.
    package subscript(id: String) -> Edge? {
        slotsByID.slot(for: ItemKey(id), keyOf: idKeys).flatMap { slots[$0].record?.edge }
    }

    /// Every edge, in slot order.
    package var values: [Edge] {
        var all: [Edge] = []
        all.reserveCapacity(count)
        slots.forEach { _, entry in
            if let record = entry.record { all.append(record.edge) }
        }
        return all
    }

    /// Calls `body` with the record of every edge, in slot order (the order of `values`), without gathering them
    /// first: how a snapshot writes the edges (Decision 0069).
    /// - Complexity: O(capacity).
    func forEachRecord(_ body: (EdgeRecord) throws -> Void) rethrows {
        try slots.forEach { _, entry in
            if let record = entry.record { try body(record) }
        }
    }

    /// Every edge id, in slot order.
    package var keys: [String] {
        var all: [String] = []
        all.reserveCapacity(count)
        slots.forEach { _, entry in
            if let record = entry.record { all.append(EdgeRecord.text(of: record.idKey)) }
        }
        return all
    }

    /// The edges starting at item `id`, in no particular order.
    /// - Complexity: O(edges returned).
    package func edges(from id: String) -> [Edge] { records(from: id).map(\.edge) }

    /// The edges pointing at item `id`, in no particular order.
    /// - Complexity: O(edges returned).
    package func edges(to id: String) -> [Edge] { records(to: id).map(\.edge) }

    /// The edges of one type, in no particular order.
    /// - Complexity: O(edges returned).
    package func edges(ofType type: String) -> [Edge] { records(on: EdgeChain(.ofType, type)).map(\.edge) }

    /// The records of the edges starting at item `id`, in no particular order: for readers that want an end or the
    /// type without building whole edges.
    /// - Complexity: O(edges returned).
    func records(from id: String) -> [EdgeRecord] { records(on: EdgeChain(.from, id)) }

    /// The records of the edges pointing at item `id`, in no particular order.
    /// - Complexity: O(edges returned).
    func records(to id: String) -> [EdgeRecord] { records(on: EdgeChain(.to, id)) }

    /// Calls `body` with the target key of each edge of type `type` starting at any of the items keyed `sources`,
    /// in no particular order: a walk along edges (`beneath`) that builds no record, edge or id string.
    ///
    /// The items' chains are walked side by side, one step of each in turn, so the cache misses of one chain's next
    /// slot overlap those of the others' rather than waiting one behind another (Decision 0067).
    /// - Complexity: O(edges starting at the items).
    func forEachTarget(fromEach sources: [ItemKey], ofType type: String, _ body: (ItemKey) -> Void) {
        var cursors = sources.compactMap { firstFrom.slot(for: $0, keyOf: sourceKeys) }
        while !cursors.isEmpty {
            var kept = 0
            for index in cursors.indices {
                let slot = cursors[index]
                // Read in place: binding the whole entry copied its record (a retain of each string it holds).
                if slots[slot].record?.edgeType == type, let target = slots[slot].record?.targetKey { body(target) }
                let next = slots[slot].links.next(.from)
                if next != Self.none {
                    cursors[kept] = next
                    kept += 1
                }
            }
            cursors.removeLast(cursors.count - kept)
        }
    }

    /// Stores `edge` under its id and answers the edge it replaced, if any.
    /// - Complexity: O(1) expected, plus the length of a chain the old edge left when it was at its head's end.
    @discardableResult
    package mutating func put(_ edge: Edge) -> Edge? {
        put(record: EdgeRecord(edge))?.edge
    }

    /// Stores the edge `record` holds under its id and answers the record it replaced, if any: `put(_:)` for a
    /// record decoded straight from a snapshot (`EdgeRecord.read(from:)`).
    /// - Complexity: as `put(_:)`.
    @discardableResult
    mutating func put(record: EdgeRecord) -> EdgeRecord? {
        let old: EdgeRecord?
        let slot: Slot
        if let held = slotsByID.slot(for: record.idKey, keyOf: idKeys) {
            slot = held
            old = slots[held].record
            if let old { unlink(slot, old) }
            slots[slot].record = record
        } else {
            slot = slots.assign()
            old = nil
            slots[slot].record = record
            slotsByID.update(slot, for: record.idKey, keyOf: idKeys)
        }
        link(slot, record)
        return old
    }

    /// Removes the edge with `id` and answers it, or nil when the table does not hold it.
    /// - Complexity: O(1) expected.
    @discardableResult
    package mutating func remove(id: String) -> Edge? {
        guard let slot = slotsByID.remove(ItemKey(id), keyOf: idKeys), let old = slots[slot].record else { return nil }
        unlink(slot, old)
        slots.release(slot)
        return old.edge
    }

    /// The ids of the edges on one chain, or nil when it is empty: the adjacency as sets of ids.
    func ids(on chain: EdgeChain) -> Set<String>? {
        let held = records(on: chain)
        return held.isEmpty ? nil : Set(held.map { EdgeRecord.text(of: $0.idKey) })
    }

    /// Every non-empty chain of one kind with the ids on it.
    func chains(_ kind: EdgeChain.Kind) -> [String: Set<String>] {
        var all: [String: Set<String>] = [:]
        for edge in values { all[EdgeChain.name(of: edge, kind), default: []].insert(edge.id) }
        return all
    }

    /// Checks that ids and slots map one to one, and that every chain, walked both ways, holds exactly the edges
    /// naming its item or type.
    /// - Complexity: O(capacity + edges).
    package func checkInvariants() throws {
        var held = 0
        try slots.forEach { slot, entry in
            guard let record = entry.record else { return }
            try IndexCorruption.check(
                slotsByID.slot(for: record.idKey, keyOf: idKeys) == slot, "EdgeTable: slot \(slot) lost its id")
            held += 1
        }
        try IndexCorruption.check(held == count, "EdgeTable: \(count) ids but \(held) slots")
        try IndexCorruption.check(
            held + slots.free.count == slots.capacity, "EdgeTable: a slot is neither held nor free")
        for kind in Self.kinds {
            var chained = 0
            let chains = chains(kind)
            let heads = kind == .from ? firstFrom.count : kind == .to ? firstTo.count : firstOfType.count
            try IndexCorruption.check(heads == chains.count, "EdgeTable: \(heads) \(kind) chains, \(chains.count) held")
            for (name, ids) in chains {
                var previous = Self.none
                var slot = first(on: EdgeChain(kind, name))
                var walked: Set<String> = []
                while slot != Self.none {
                    let links = slots[slot].links
                    try IndexCorruption.check(links.previous(kind) == previous, "EdgeTable: a \(kind) chain breaks")
                    if let id = slots[slot].record?.idKey { walked.insert(EdgeRecord.text(of: id)) }
                    previous = slot
                    slot = links.next(kind)
                }
                try IndexCorruption.check(walked == ids, "EdgeTable: the \(kind) chain of \(name) disagrees")
                chained += ids.count
            }
            try IndexCorruption.check(chained == count, "EdgeTable: an edge is off its \(kind) chain")
        }
    }

    private func records(on chain: EdgeChain) -> [EdgeRecord] {
        var found: [EdgeRecord] = []
        var slot = first(on: chain)
        while slot != Self.none {
            let entry = slots[slot]
            if let record = entry.record { found.append(record) }
            slot = entry.links.next(chain.kind)
        }
        return found
    }

    /// The first slot of `chain`, or `none` when it is empty.
    private func first(on chain: EdgeChain) -> Slot {
        switch chain.kind {
        case .from: return firstFrom.slot(for: ItemKey(chain.name), keyOf: sourceKeys) ?? Self.none
        case .to: return firstTo.slot(for: ItemKey(chain.name), keyOf: targetKeys) ?? Self.none
        case .ofType: return firstOfType[chain.name] ?? Self.none
        }
    }

    /// Makes `slot` the first slot of `record`'s chain of `kind` and answers the slot that was first, or `none`.
    private mutating func putFirst(_ kind: EdgeChain.Kind, of record: EdgeRecord, _ slot: Slot) -> Slot {
        switch kind {
        case .from: return firstFrom.update(slot, for: record.sourceKey, keyOf: sourceKeys) ?? Self.none
        case .to: return firstTo.update(slot, for: record.targetKey, keyOf: targetKeys) ?? Self.none
        case .ofType: return firstOfType.updateValue(slot, forKey: record.edgeType) ?? Self.none
        }
    }

    /// Makes `slot` the first slot of `record`'s chain of `kind`, or empties the chain when `slot` is `none`.
    private mutating func setFirst(_ kind: EdgeChain.Kind, of record: EdgeRecord, _ slot: Slot) {
        switch (kind, slot == Self.none) {
        case (.from, true): firstFrom.remove(record.sourceKey, keyOf: sourceKeys)
        case (.from, false): firstFrom.update(slot, for: record.sourceKey, keyOf: sourceKeys)
        case (.to, true): firstTo.remove(record.targetKey, keyOf: targetKeys)
        case (.to, false): firstTo.update(slot, for: record.targetKey, keyOf: targetKeys)
        case (.ofType, _): firstOfType[record.edgeType] = slot == Self.none ? nil : slot
        }
    }

    /// The id key of each held slot's edge, as `slotsByID` reads it back.
    private var idKeys: (Slot) -> ItemKey {
        { [slots] slot in slots[slot].record?.idKey ?? .text("") }
    }

    /// The source key of each held slot's edge, as `firstFrom` reads it back.
    private var sourceKeys: (Slot) -> ItemKey {
        { [slots] slot in slots[slot].record?.sourceKey ?? .text("") }
    }

    /// The target key of each held slot's edge, as `firstTo` reads it back.
    private var targetKeys: (Slot) -> ItemKey {
        { [slots] slot in slots[slot].record?.targetKey ?? .text("") }
    }

    /// Puts `slot` at the head of each of `record`'s three chains.
    private mutating func link(_ slot: Slot, _ record: EdgeRecord) {
        for kind in Self.kinds {
            let head = putFirst(kind, of: record, slot)
            slots[slot].links.set(kind, previous: Self.none, next: head)
            if head != Self.none { slots[head].links.setPrevious(kind, slot) }
        }
    }

    /// Takes `slot` out of each of `record`'s three chains.
    private mutating func unlink(_ slot: Slot, _ record: EdgeRecord) {
        for kind in Self.kinds {
            let links = slots[slot].links
            let previous = links.previous(kind)
            let next = links.next(kind)
            if previous != Self.none {
                slots[previous].links.setNext(kind, next)
            } else {
                setFirst(kind, of: record, next)
            }
            if next != Self.none { slots[next].links.setPrevious(kind, previous) }
        }
    }
}

extension EdgeTable: Equatable {
    /// Equal when both hold the same edges under the same ids, whatever slots they sit at.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.values.allSatisfy { rhs[$0.id] == $0 }
    }
}

extension EdgeTable {
    /// One slot: an edge (nil when free) and its links in its three chains.
    fileprivate struct Entry: Sendable {
        var record: EdgeRecord?
        var links = Links()
    }

    /// A slot's neighbours in the chains from its source, to its target and of its type.
    fileprivate struct Links: Sendable {
        private var previousFrom = EdgeTable.none
        private var nextFrom = EdgeTable.none
        private var previousTo = EdgeTable.none
        private var nextTo = EdgeTable.none
        private var previousOfType = EdgeTable.none
        private var nextOfType = EdgeTable.none

        func previous(_ kind: EdgeChain.Kind) -> Slot {
            switch kind {
            case .from: return previousFrom
            case .to: return previousTo
            case .ofType: return previousOfType
            }
        }

        func next(_ kind: EdgeChain.Kind) -> Slot {
            switch kind {
            case .from: return nextFrom
            case .to: return nextTo
            case .ofType: return nextOfType
            }
        }

        mutating func setPrevious(_ kind: EdgeChain.Kind, _ slot: Slot) {
            switch kind {
            case .from: previousFrom = slot
            case .to: previousTo = slot
            case .ofType: previousOfType = slot
            }
        }

        mutating func setNext(_ kind: EdgeChain.Kind, _ slot: Slot) {
            switch kind {
            case .from: nextFrom = slot
            case .to: nextTo = slot
            case .ofType: nextOfType = slot
            }
        }

        mutating func set(_ kind: EdgeChain.Kind, previous: Slot, next: Slot) {
            setPrevious(kind, previous)
            setNext(kind, next)
        }
    }
}
