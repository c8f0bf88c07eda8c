import MarfaEngine
import MarfaRules

/// Memory bandwidth and latency probes: memcpy GB/s and the cost of one dependent cache miss.
enum MemoryProbes {
    /// memcpy bandwidth in bytes per second over buffers of `megabytes` MiB, best of `rounds`.
    static func memcpyBytesPerSecond(megabytes: Int, rounds: Int) -> Double {
        let size = megabytes << 20
        let source = [UInt8](repeating: 1, count: size)
        var target = [UInt8](repeating: 0, count: size)
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = Stopwatch.now()
            target.withUnsafeMutableBytes { to in source.withUnsafeBytes { from in to.copyMemory(from: from) } }
            best = min(best, Stopwatch.seconds(since: start))
        }
        return target[size - 1] == 1 ? Double(size) / best : 0
    }

    /// Nanoseconds per step of a random pointer chase over `megabytes` MiB (one dependent cache miss each).
    static func pointerChaseNanoseconds(megabytes: Int, steps: Int, seed: UInt64, hugePages: Bool) -> Double {
        let count = (megabytes << 20) / MemoryLayout<Int>.stride
        var next = [Int](0..<count)
        var random = SplitMixRandom(seed: seed)
        for index in stride(from: count - 1, to: 0, by: -1) {
            next.swapAt(index, random.below(index))
        }
        if hugePages { _ = HugePageAdvice.apply() }
        return next.withUnsafeBufferPointer { links -> Double in
            var position = 0
            let start = Stopwatch.now()
            for _ in 0..<steps { position = links[position] }
            let elapsed = Stopwatch.seconds(since: start)
            return position >= 0 ? elapsed * 1e9 / Double(steps) : 0
        }
    }
}
