/// How far a running hydration has come: rows listed so far, and how many the server expects when it said.
public struct FillProgress: Sendable, Hashable {
    /// Rows listed so far.
    public var listed: UInt64
    /// Rows the server expects, when it said.
    public var expected: UInt64?
    /// `listed` over `expected`, between 0 and 1, when the server said how many it expects.
    public var fraction: Double?

    /// Makes the progress of `listed` rows out of `expected`; the fraction is derived and capped at 1.
    public init(listed: UInt64, expected: UInt64?) {
        self.listed = listed
        self.expected = expected
        if let expected {
            fraction = expected == 0 ? 1 : min(1, Double(listed) / Double(expected))
        } else {
            fraction = nil
        }
    }
}
