extension Array {
    /// The elements in a new array of exactly their count: drops the spare capacity appends left, for an index
    /// done growing.
    /// - Complexity: O(n).
    func withExactCapacity() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(from: self).1
        }
    }
}
