/// Whether a read holds everything it asked for.
public enum Completeness: String, Sendable, Hashable, Codable {
    /// The copy holds everything the read asked for.
    case complete
    /// A fill is under way, so more rows may arrive.
    case partial
    /// The instance's event log let the copy's cursor go; some rows may have changed on the instance.
    case stale
}

/// The rows a read answers, with how complete they are; a random-access collection so views take it as it is.
public struct Rows<Element: Sendable>: RandomAccessCollection, Sendable {
    /// The rows in order.
    public var rows: [Element]
    /// Whether the copy holds everything the read asked for.
    public var completeness: Completeness

    /// Makes rows.
    public init(rows: [Element], completeness: Completeness) {
        self.rows = rows
        self.completeness = completeness
    }

    /// The first index.
    public var startIndex: Int { rows.startIndex }
    /// One past the last index.
    public var endIndex: Int { rows.endIndex }
    /// The row at `position`.
    public subscript(position: Int) -> Element { rows[position] }
}

extension Rows: Equatable where Element: Equatable {}
extension Rows: Hashable where Element: Hashable {}
