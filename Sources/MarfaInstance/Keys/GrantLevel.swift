import MarfaRules

/// What a key may do with a type, an edge type or an extension namespace (P-4): nothing, read, or read and write.
package enum GrantLevel: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Neither read nor write; an unmatched name counts as this.
    case none
    /// Read only.
    case read
    /// Read and write.
    case write

    /// Whether the level lets the key read.
    package var reads: Bool { self != .none }

    /// Whether the level lets the key write.
    package var writes: Bool { self == .write }

    /// Orders levels by what they allow.
    package static func < (lhs: GrantLevel, rhs: GrantLevel) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
