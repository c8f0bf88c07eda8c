/// Search results merged per hit-rate band, and per band and length: one average hides a 15× spread.
enum SearchBandSummary {
    /// The merged rows: one per band, then one per band and length (tagged `length`).
    static func make(_ measured: [(OperationResult, [[UInt64]])]) -> [OperationResult] {
        var rows: [OperationResult] = []
        for band in BenchSearchQuery.Band.allCases {
            let inBand = measured.filter { $0.0.tags["band"] == band.rawValue }
            guard let first = inBand.first?.0 else { continue }
            rows.append(merge(inBand, name: "search \(band.rawValue) (\(inBand.count) queries)", template: first))
            for length in SearchQuerySet.lengths {
                let slot = inBand.filter { $0.0.tags["length"] == String(length) }
                guard !slot.isEmpty else { continue }
                var row = merge(
                    slot, name: "search \(band.rawValue) length \(length) (\(slot.count) queries)", template: first)
                row.tags["length"] = String(length)
                rows.append(row)
            }
        }
        return rows
    }

    private static func merge(
        _ measured: [(OperationResult, [[UInt64]])], name: String, template: OperationResult
    ) -> OperationResult {
        let sides = measured.first?.1.count ?? 0
        var merged = [[UInt64]](repeating: [], count: sides)
        for (_, timings) in measured {
            for (index, times) in timings.enumerated() where index < sides { merged[index].append(contentsOf: times) }
        }
        func side(_ index: Int, like source: SideResult) -> SideResult {
            var result = source
            result.latency = LatencySummary(nanoseconds: merged[index])
            result.throughput = nil
            return result
        }
        let hits = measured.compactMap { Int($0.0.tags["hits"] ?? "") }
        return OperationResult(
            name: name, group: "search-band", unit: "s", unitsPerSample: 1, ours: side(0, like: template.ours),
            peers: template.peers.enumerated().map { side($0.offset + 1, like: $0.element) }, floor: template.floor,
            notes: [], tags: ["band": template.tags["band"] ?? ""],
            extras: ["median hits": hits.isEmpty ? 0 : Double(hits.sorted()[hits.count / 2])])
    }
}
