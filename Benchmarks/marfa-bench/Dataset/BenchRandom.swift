import Foundation
import MarfaRules

extension SplitMixRandom {
    /// A uniform number in [0, 1) with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal draw (Box–Muller), for the lognormal body lengths.
    mutating func normal() -> Double {
        let first = max(unit(), 0x1p-53)
        let second = unit()
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// The index picked from cumulative-free `weights` (which need not sum to 1).
    mutating func pick(weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var target = unit() * total
        for (index, weight) in weights.enumerated() {
            target -= weight
            if target < 0 { return index }
        }
        return weights.count - 1
    }
}
