import Foundation

extension BenchSession {
    /// Prints the table, writes the JSON and the baseline, compares with a baseline; answers the exit status.
    func finish() async throws -> Int32 {
        let report = BenchReport(
            startedAt: startedAt, command: CommandLine.arguments, machine: machine, plan: context.plan,
            seed: context.dataset.seed, datasetChecksum: context.dataset.checksum, queryChecksum: queryChecksum,
            dataset: context.dataset.stats, probes: context.probes, facts: context.facts, peerSizes: peerSizes,
            listQueries: context.listQueries, searchQueries: context.searchQueries, porterHits: porterHits,
            results: results, searchBands: SearchBandSummary.make(searchMeasured), skipped: skipped,
            sink: context.sink.value)
        print(TableReport.render(report))
        print("sink \(context.sink.value) (every result kept alive)")
        if let json = arguments.json {
            try JSONReport.write(report, to: json)
            print("json: \(json)")
        }
        if let folder = arguments.baselineFolder {
            let path = JSONReport.baselinePath(report, folder: folder)
            try JSONReport.write(report, to: path)
            print("baseline: \(path)")
        }
        var status: Int32 = 0
        if let compare = arguments.compare {
            let regressions = BaselineComparison.regressions(current: report, baseline: try JSONReport.read(compare))
            if regressions.isEmpty {
                print("compare: no ratio worse than \(Int(BaselineComparison.tolerance * 100)) % against \(compare)")
            } else {
                print(
                    "compare: ratios worse by more than \(Int(BaselineComparison.tolerance * 100)) % against \(compare):"
                )
                for line in regressions { print("  \(line)") }
                status = 3
            }
        }
        if context.plan.tier == "smoke" {
            print("smoke: gate passed, \(results.count) results, no time asserted")
        }
        context.peer.close()
        await context.marfa.close()
        if !arguments.keep { try? FileManager.default.removeItem(atPath: context.directory) }
        return status
    }
}
