/// Galloping search in ascending values: the step every posting intersection and row-set merge takes.
package enum Gallop {
    /// The first index at or after `start` whose value is at least `target` (the count when none): doubling steps
    /// from `start`, then a binary search inside the last step.
    /// - Complexity: O(log d), d the distance to the answer.
    @inline(__always)
    package static func firstIndex<Values: RandomAccessCollection>(
        in values: Values, from start: Int, atLeast target: Values.Element
    ) -> Int where Values.Element: Comparable, Values.Index == Int {
        var low = start
        var step = 1
        var high = start
        while high < values.count && values[high] < target {
            low = high + 1
            high += step
            step <<= 1
        }
        high = Swift.min(high, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
