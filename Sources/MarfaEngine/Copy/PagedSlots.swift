/// Values at dense slot numbers, held in fixed pages, with freed slots reused last freed first: the storage of
/// `ItemTable` (rows) and `EdgeTable` (slots).
///
/// Slots stay in `0..<capacity`. A value type: a copy-on-write capture followed by one write copies one page.
struct PagedSlots<Element: Sendable>: Sendable {
    private static var pageSize: Int { 1024 }
    /// The value a free slot holds.
    private let vacant: Element
    /// Values by slot, `pageSize` a page.
    private var pages: [[Element]] = []
    /// Free slots, reused last freed first.
    private(set) var free: [UInt32] = []
    /// One more than the highest slot ever given: every slot is below it.
    private(set) var capacity = 0

    /// No slots; a free slot holds `vacant`.
    init(vacant: Element) {
        self.vacant = vacant
    }

    /// The value at `slot`, which must be below `capacity`.
    /// - Complexity: O(1).
    subscript(slot: UInt32) -> Element {
        _read { yield pages[Int(slot) / Self.pageSize][Int(slot) % Self.pageSize] }
        _modify { yield &pages[Int(slot) / Self.pageSize][Int(slot) % Self.pageSize] }
    }

    /// A slot for a new value: the last freed one, or a new one at `capacity`.
    /// - Complexity: O(1) amortized.
    mutating func assign() -> UInt32 {
        if let reused = free.popLast() { return reused }
        if capacity % Self.pageSize == 0 { pages.append(Array(repeating: vacant, count: Self.pageSize)) }
        capacity += 1
        return UInt32(capacity - 1)
    }

    /// Empties `slot` and frees it for reuse.
    mutating func release(_ slot: UInt32) {
        self[slot] = vacant
        free.append(slot)
    }

    /// Calls `body` with every slot below `capacity` and its value, in slot order.
    /// - Complexity: O(capacity).
    func forEach(_ body: (UInt32, Element) throws -> Void) rethrows {
        for (pageIndex, page) in pages.enumerated() {
            for (offset, value) in page.enumerated() { try body(UInt32(pageIndex * Self.pageSize + offset), value) }
        }
    }
}
