/// Runs operations: the check first, then warm-up, then samples alternating ours and each peer side (ABAB).
struct OperationRunner {
    /// Where every result goes so it stays alive.
    let sink: ResultSink
    /// Prints progress lines (never a figure before every gate has passed).
    let progress: (String) -> Void

    /// Checks (unless the gate already did) and measures `operation`; answers the result and the raw timings
    /// (nanoseconds, one array per side, ours first).
    func run(_ operation: BenchOperation, checked: Bool = false) async throws -> (OperationResult, [[UInt64]]) {
        progress("  \(operation.name)")
        if !checked, let check = operation.check { try await check() }
        let sides = [operation.ours] + operation.peers
        for index in 0..<operation.warmup {
            for side in sides {
                try await side.prepare?(index)
                sink.absorb(try await side.run(index))
            }
        }
        var timings = [[UInt64]](repeating: [], count: sides.count)
        var sample = 0
        let began = Stopwatch.now()
        while Self.takesAnother(sample, of: operation, since: began) {
            let index = operation.warmup + sample
            sample += 1
            for (position, side) in sides.enumerated() {
                try await side.prepare?(index)
                let start = Stopwatch.now()
                let answer = try await side.run(index)
                let elapsed = side.ownTime?() ?? (Stopwatch.now() &- start)
                sink.absorb(answer)
                timings[position].append(elapsed)
            }
        }
        for side in sides { try await side.finish?() }
        let results = zip(sides, timings).map { side, times in
            Self.summarize(side, times, units: operation.unitsPerSample)
        }
        let result = OperationResult(
            name: operation.name, group: operation.group, unit: "s", unitsPerSample: operation.unitsPerSample,
            ours: results[0], peers: Array(results.dropFirst()), floor: operation.floor, notes: operation.notes,
            tags: operation.tags, extras: try await operation.extras?() ?? [:])
        return (result, timings)
    }

    /// Whether sample number `sample` (from 0) is taken: every planned one, then more while `moreSamples` allows.
    private static func takesAnother(_ sample: Int, of operation: BenchOperation, since began: UInt64) -> Bool {
        if sample < operation.samples { return true }
        guard let more = operation.moreSamples, sample < more.upTo else { return false }
        return Double(Stopwatch.now() &- began) / 1e9 < more.withinSeconds
    }

    /// One side's summary from its timings.
    static func summarize(_ side: BenchSide, _ times: [UInt64], units: Int) -> SideResult {
        let latency = LatencySummary(nanoseconds: times)
        var throughput: Double?
        if let latency, latency.total > 0 { throughput = Double(units * latency.count) / latency.total }
        return SideResult(
            label: side.label, caveat: side.caveat, promise: side.promise, latency: latency, throughput: throughput)
    }
}
