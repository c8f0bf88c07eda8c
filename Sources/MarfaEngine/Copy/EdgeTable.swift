import MarfaRules

/// The edges a copy holds, each in a slot of a paged array with its adjacency threaded through the slot: every
/// edge sits in three doubly linked chains (the edges from its source, to its target, of its type), and one map
/// holds each chain's first slot.
///
/// This replaces a map by edge id plus a `Set` of edge ids per item at each end and per type (Decision 0023): an
/// edge costs its slot and its share of two id maps, with no hashed id strings or `Set` allocations per item.
/// Ids are keyed by `ItemKey` (a UUID's bits inline). Slots are reused after removal, last freed first. A value
/// type: the maps are sharded and the slots paged, so a copy-on-write capture followed by one write copies a few
/// shards and pages, not the whole table.
package struct EdgeTable: Sendable {
    /// A slot number; `none` ends a chain.
    typealias Slot = UInt32

    private static var none: Slot { .max }

    /// Slots by edge id.
    private var slotsByID = ShardedDictionary<ItemKey, Slot>()
    /// The first slot of each chain.
    private var firstSlot = ShardedDictionary<EdgeChain, Slot>()
    /// Edges with their chain links by slot; a free slot holds no edge.
    private var slots = PagedSlots<Entry>(vacant: Entry())

    /// An empty table.
    package init() {}

    /// How many edges the table holds.
    package var count: Int { slotsByID.count }

    /// Whether the table is empty.
    package var isEmpty: Bool { slotsByID.isEmpty }

    /// The edge with `id`, or nil.
    /// - Complexity: O(1) expected.
    package subscript(id: String) -> Edge? {
        slotsByID[ItemKey(id)].flatMap { slots[$0].edge }
    }

    /// Every edge, in slot order.
    package var values: [Edge] {
        var all: [Edge] = []
        all.reserveCapacity(count)
        slots.forEach { _, entry in
            if let edge = entry.edge { all.append(edge) }
        }
        return all
    }

    /// Every edge id, in slot order.
    package var keys: [String] { values.map(\.id) }

    /// The edges starting at item `id`, in no particular order.
    /// - Complexity: O(edges returned).
    package func edges(from id: String) -> [Edge] { edges(on: EdgeChain(.from, id)) }

    /// The edges pointing at item `id`, in no particular order.
    /// - Complexity: O(edges returned).
    package func edges(to id: String) -> [Edge] { edges(on: EdgeChain(.to, id)) }

    /// The edges of one type, in no particular order.
    /// - Complexity: O(edges returned).
    package func edges(ofType type: String) -> [Edge] { edges(on: EdgeChain(.ofType, type)) }

    /// Stores `edge` under its id and answers the edge it replaced, if any.
    /// - Complexity: O(1) expected, plus the length of a chain the old edge left when it was at its head's end.
    @discardableResult
    package mutating func put(_ edge: Edge) -> Edge? {
        var edge = edge
        // An equal time shares the creation time's string, as an item's does (Decision 0019).
        if edge.updatedAt == edge.createdAt { edge.updatedAt = edge.createdAt }
        let key = ItemKey(edge.id)
        let slot: Slot
        let old: Edge?
        if let held = slotsByID[key] {
            slot = held
            old = slots[held].edge
            if let old { unlink(slot, old) }
        } else {
            slot = slots.assign()
            slotsByID[key] = slot
            old = nil
        }
        slots[slot].edge = edge
        link(slot, edge)
        return old
    }

    /// Removes the edge with `id` and answers it, or nil when the table does not hold it.
    /// - Complexity: O(1) expected.
    @discardableResult
    package mutating func remove(id: String) -> Edge? {
        guard let slot = slotsByID.removeValue(forKey: ItemKey(id)), let old = slots[slot].edge else { return nil }
        unlink(slot, old)
        slots.release(slot)
        return old
    }

    /// The ids of the edges on one chain, or nil when it is empty: the adjacency as sets of ids.
    func ids(on chain: EdgeChain) -> Set<String>? {
        let held = edges(on: chain)
        return held.isEmpty ? nil : Set(held.map(\.id))
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
            guard let edge = entry.edge else { return }
            try IndexCorruption.check(slotsByID[ItemKey(edge.id)] == slot, "EdgeTable: slot \(slot) lost its id")
            held += 1
        }
        try IndexCorruption.check(held == count, "EdgeTable: \(count) ids but \(held) slots")
        try IndexCorruption.check(
            held + slots.free.count == slots.capacity, "EdgeTable: a slot is neither held nor free")
        for kind in [EdgeChain.Kind.from, .to, .ofType] {
            var chained = 0
            for (name, ids) in chains(kind) {
                let chain = EdgeChain(kind, name)
                var previous = Self.none
                var slot = firstSlot[chain] ?? Self.none
                var walked: Set<String> = []
                while slot != Self.none {
                    let links = slots[slot].links
                    try IndexCorruption.check(links.previous(kind) == previous, "EdgeTable: a \(kind) chain breaks")
                    if let id = slots[slot].edge?.id { walked.insert(id) }
                    previous = slot
                    slot = links.next(kind)
                }
                try IndexCorruption.check(walked == ids, "EdgeTable: the \(kind) chain of \(name) disagrees")
                chained += ids.count
            }
            try IndexCorruption.check(chained == count, "EdgeTable: an edge is off its \(kind) chain")
        }
    }

    private func edges(on chain: EdgeChain) -> [Edge] {
        var found: [Edge] = []
        var slot = firstSlot[chain] ?? Self.none
        while slot != Self.none {
            let entry = slots[slot]
            if let edge = entry.edge { found.append(edge) }
            slot = entry.links.next(chain.kind)
        }
        return found
    }

    /// Puts `slot` at the head of each of `edge`'s three chains.
    private mutating func link(_ slot: Slot, _ edge: Edge) {
        for kind in [EdgeChain.Kind.from, .to, .ofType] {
            let chain = EdgeChain(kind, EdgeChain.name(of: edge, kind))
            let head = firstSlot[chain] ?? Self.none
            slots[slot].links.set(kind, previous: Self.none, next: head)
            if head != Self.none { slots[head].links.setPrevious(kind, slot) }
            firstSlot[chain] = slot
        }
    }

    /// Takes `slot` out of each of `edge`'s three chains.
    private mutating func unlink(_ slot: Slot, _ edge: Edge) {
        for kind in [EdgeChain.Kind.from, .to, .ofType] {
            let links = slots[slot].links
            let previous = links.previous(kind)
            let next = links.next(kind)
            if previous != Self.none {
                slots[previous].links.setNext(kind, next)
            } else {
                firstSlot[EdgeChain(kind, EdgeChain.name(of: edge, kind))] = next == Self.none ? nil : next
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
        var edge: Edge?
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
