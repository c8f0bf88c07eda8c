import Foundation
import MarfaRules

/// Draws ranks `0..<count` with probability proportional to `1 / (rank + 1)^exponent`.
///
/// - Complexity: O(log count) per draw (binary search over the cumulative weights).
struct ZipfSampler: Sendable {
    private let cumulative: [Double]

    /// Builds the cumulative weights once.
    init(count: Int, exponent: Double) {
        var running = 0.0
        var weights: [Double] = []
        weights.reserveCapacity(max(count, 1))
        for rank in 0..<max(count, 1) {
            running += pow(Double(rank + 1), -exponent)
            weights.append(running)
        }
        cumulative = weights.map { $0 / running }
    }

    /// How many ranks the sampler draws from.
    var count: Int { cumulative.count }

    /// One rank.
    func rank(_ random: inout SplitMixRandom) -> Int {
        let target = random.unit()
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
