/// Compares a run with a baseline by ratios only (peer÷ours and ours vs floor), never absolute times, since the
/// machines drift by ±20 %; a ratio worse by more than 25 % is a regression (benchmarks.md, reporting rule 5).
enum BaselineComparison {
    /// The allowed worsening of a ratio.
    static let tolerance = 0.25

    /// One line per regressed ratio; empty when none regressed.
    static func regressions(current: BenchReport, baseline: BenchReport) -> [String] {
        let before = Dictionary((baseline.results + baseline.searchBands).map { ($0.name, $0) }) { first, _ in first }
        var lines: [String] = []
        for result in current.results + current.searchBands {
            guard let old = before[result.name] else { continue }
            for (peer, oldPeer) in zip(result.peers, old.peers) where peer.label == oldPeer.label {
                if let now = result.speedup(over: peer), let then = old.speedup(over: oldPeer),
                    now < then * (1 - tolerance)
                {
                    lines.append(
                        "\(result.name) vs \(peer.label): peer÷ours \(Format.ratio(then)) → \(Format.ratio(now))")
                }
            }
            if let now = result.floorRatio, let then = old.floorRatio, let kind = result.floor?.kind {
                let worse = kind == .throughput ? now < then * (1 - tolerance) : now > then * (1 + tolerance)
                if worse { lines.append("\(result.name): vs floor \(Format.ratio(then)) → \(Format.ratio(now))") }
            }
        }
        return lines
    }
}
