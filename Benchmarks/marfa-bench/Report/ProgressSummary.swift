/// One finished operation in a line of the progress log (ours, each peer, the ratio), so a long tier stopped before
/// its reports are written still leaves every figure it measured.
enum ProgressSummary {
    /// The line for `result`.
    static func line(_ result: OperationResult) -> String {
        var parts = ["    \(result.name): \(side(result.ours, of: result))"]
        for peer in result.peers {
            parts.append("\(peer.label) \(side(peer, of: result)) (\(Format.ratio(result.speedup(over: peer))))")
        }
        return parts.joined(separator: "; ")
    }

    private static func side(_ side: SideResult, of result: OperationResult) -> String {
        if result.unit != "s", let value = side.value { return "\(Format.bytes(value))" }
        let p50 = "p50 \(Format.time(side.latency?.p50)) p99 \(Format.time(side.latency?.p99))"
        return result.unitsPerSample > 1 ? "\(Format.rate(side.throughput)), \(p50)" : p50
    }
}
