import Foundation
import MarfaEngine
import MarfaRules

extension BenchSession {
    /// Builds the query sets, passes the correctness gate for every selected read, then measures the reads.
    func runReads() async throws {
        context.listQueries = ListQuerySet.make(context.dataset)
        var corpus: SearchCorpus?
        if selects("search") {
            Self.progress("search: building the word index, folding the brute-force corpus, choosing the query set")
            let indexStart = Stopwatch.now()
            let indexCPUStart = Stopwatch.processCPUSeconds()
            await context.marfa.copy.prepareTextIndex()
            context.facts["search index build s"] = Stopwatch.seconds(since: indexStart)
            context.facts["search index build cpu s"] = Stopwatch.processCPUSeconds() - indexCPUStart
            if let bytes = await context.marfa.copy.wordIndexBytes() {
                let items = Double(max(context.dataset.items.count, 1))
                context.facts["search index bytes per item"] = Double(bytes.total) / items
                context.facts["search word row lengths bytes per item"] = Double(bytes.rows) / items
            }
            let start = Stopwatch.now()
            let built = await MarfaReadSide.searchCorpus(copy: context.marfa.copy)
            context.facts["brute-force corpus build s"] = Stopwatch.seconds(since: start)
            context.facts["brute-force corpus bytes"] = Double(built.byteCount)
            let chooseStart = Stopwatch.now()
            context.searchQueries = SearchQuerySet.make(corpus: built, dataset: context.dataset)
            if let perBand = arguments.searchPerBand {
                context.searchQueries = SearchQuerySet.spread(context.searchQueries, perBand: perBand)
            }
            context.facts["search query set s"] = Stopwatch.seconds(since: chooseStart)
            corpus = built
        }
        Self.progress(
            "query sets: checksum \(queryChecksum) (\(context.listQueries.count) lists,"
                + " \(context.searchQueries.count) searches)")

        var reads: [BenchOperation] = []
        let roundTrip = GetOperations.emptyRoundTrip(context)
        if selects("get") { reads.append(GetOperations.byId(context, hop: 0)) }
        if selects("list") { reads += await ListOperations.make(context) }
        if let corpus { reads += SearchOperations.make(context, corpus: corpus) }
        reads = reads.filter { arguments.selects(group: $0.group, name: $0.name) }
        Self.progress("correctness gate: \(reads.count) read operations")
        for operation in reads { try await operation.check?() }
        Self.progress("correctness gate passed")
        if selects("search") { porterHits = try SearchOperations.porterHits(context) }

        Self.progress("reads")
        if selects("get") {
            let (hop, _) = try await runner.run(roundTrip)
            results.append(hop)
            try await measure(GetOperations.byId(context, hop: hop.ours.latency?.p50 ?? 0), checked: true)
        }
        let faultsBeforeLists = PageFaultCounts.now()
        for operation in reads where operation.group == "list" { try await measure(operation, checked: true) }
        if selects("list") { PageFaultCounts.record(since: faultsBeforeLists, phase: "lists", in: &context.facts) }
        if let bytes = await context.marfa.copy.propertyWordIndexBytes() {
            context.facts["title word index bytes per item"] = Double(bytes) / Double(max(context.dataset.items.count, 1))
        }
        if let bytes = await context.marfa.copy.propertyValueIndexBytes() {
            context.facts["property value index bytes"] = Double(bytes)
        }
        for operation in reads where operation.group == "search" {
            searchMeasured.append(try await runner.run(operation, checked: true))
        }
        results += searchMeasured.map(\.0)
    }

    /// A checksum of both query sets, printed and kept with the results.
    var queryChecksum: String {
        var hash = FNV1a()
        for query in context.listQueries {
            let (sql, bindings) = PeerListSQL.make(query)
            hash.add(sql)
            for binding in bindings { hash.add(binding) }
        }
        for query in context.searchQueries {
            hash.add(query.text)
            hash.add(query.band.rawValue)
            hash.add(String(query.hits))
        }
        return hash.hex
    }
}
