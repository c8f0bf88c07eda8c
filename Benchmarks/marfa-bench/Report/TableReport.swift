import Foundation

/// The table for people: operation, ours p50/p99, each peer p50/p99, the ratio, and the ratio to the floor.
enum TableReport {
    private static let widths = [44, 9, 9, 9, 29, 9, 9, 9, 10, 15]

    /// The whole report as text.
    static func render(_ report: BenchReport) -> String {
        var lines: [String] = []
        lines.append(header(report))
        lines.append("")
        lines.append(
            row([
                "operation", "ours p50", "ours p99", "ours rate", "peer", "peer p50", "peer p99",
                "peer rate", "peer÷ours", "ours vs floor",
            ]))
        lines.append(String(repeating: "-", count: widths.reduce(0, +) + widths.count * 1))
        let rows =
            report.results.filter { $0.group != "search" } + report.searchBands.filter { $0.tags["length"] == nil }
        for result in rows { lines.append(contentsOf: render(result)) }
        lines.append("")
        lines.append(
            "† marks a figure with a caveat; lists are the engine's indexed list, search the engine's search."
        )
        lines.append(
            "peer÷ours above 1: ours is faster (p50 time, or rate for batched rows). Rates are units per second.")
        lines.append(
            "FTS = the trigram FTS5 table re-indexed in the same transaction. FULL fsyncs every commit (the"
                + " journal's promise); NORMAL does not (the reference's shipped mode).")
        lines.append(
            "Search semantics: marfa and sqlite words (unicode61 remove_diacritics 2) = words, last word a prefix,"
                + " phrases (P-76, no stems; gated, same id sets); trigram = substrings, porter = words/stems, timed"
                + " only. Bands are exact hit rates under the gated semantics over all items.")
        lines.append("")
        lines.append("details:")
        for result in report.results where !result.extras.isEmpty || !result.notes.isEmpty {
            guard result.group != "search" else { continue }
            lines.append("  \(result.name)")
            for note in result.notes { lines.append("    note: \(note)") }
            for (key, value) in result.extras.sorted(by: { $0.key < $1.key }) {
                lines.append("    \(key): \(extra(key, value))")
            }
        }
        for skipped in report.skipped { lines.append("  skipped: \(skipped)") }
        return lines.joined(separator: "\n")
    }

    private static func header(_ report: BenchReport) -> String {
        let machine = report.machine
        let probes = report.probes
        var text = """
            marfa-bench \(report.plan.tier) (\(report.dataset.items) items, seed \(report.seed))
            machine   \(machine.cpu), \(machine.cores) cores, \(Format.bytes(Double(machine.memoryBytes))), kernel \(machine.kernel)
                      \(machine.filesystem); SQLite \(machine.sqlite); zstd \(machine.zstd); id \(machine.id)
            probes    fsync p50 \(Format.time(probes.fsync.p50)) p99 \(Format.time(probes.fsync.p99)); \
            memcpy \(Format.bytes(probes.memcpyBytesPerSecond))/s; pointer chase \(Format.time(probes.pointerChaseNanoseconds / 1e9))/miss
            """
        if let groups = probes.groupSyncs, !groups.isEmpty {
            text +=
                "\n          group sync (one write + fdatasync) "
                + groups.map {
                    "\($0.records) records (\(Format.bytes(Double($0.bytes)))) p50 \(Format.time($0.sync.p50))"
                        + " p99 \(Format.time($0.sync.p99))"
                }.joined(separator: "; ")
        }
        if let zstd = probes.zstd {
            text +=
                "\n          zstd -1 compress \(Format.bytes(zstd.compressBytesPerSecond))/s, decompress"
                + " \(Format.bytes(zstd.decompressBytesPerSecond))/s (1 thread, \(Format.bytes(Double(zstd.inputBytes))) of snapshot payload)"
        }
        let stats = report.dataset
        text +=
            "\ndataset   checksum \(report.datasetChecksum), queries \(report.queryChecksum); \(stats.notes) notes,"
            + " \(stats.tasks) tasks, \(stats.huge) huge; \(stats.edges.values.reduce(0, +)) edges;"
            + " \(stats.tags) tags; \(stats.events.values.reduce(0, +)) events"
        text +=
            "\n          encoded rows \(Format.bytes(Double(stats.encodedBytes))) (\(Format.bytes(Double(stats.encodedBytes) / Double(max(stats.items, 1))))/item);"
            + " text \(Format.bytes(Double(stats.textBytes)))"
        if let sizes = report.peerSizes {
            text +=
                "\npeer      file \(Format.bytes(Double(sizes.fileBytes))) + WAL \(Format.bytes(Double(sizes.walBytes)));"
                + " rows \(Format.bytes(Double(sizes.rowBytes))), trigram FTS \(Format.bytes(Double(sizes.trigramBytes))),"
                + " porter FTS \(Format.bytes(Double(sizes.porterBytes))), words FTS \(Format.bytes(Double(sizes.wordsBytes)))"
        }
        let facts = report.facts.sorted { $0.key < $1.key }.map { "\($0.key) \(fact($0.key, $0.value))" }
        if !facts.isEmpty { text += "\nfacts     " + facts.joined(separator: "; ") }
        return text
    }

    private static func render(_ result: OperationResult) -> [String] {
        let ours = result.ours
        let oursName = result.name + (ours.caveat != nil ? " †" : "")
        let oursCells: [String]
        if result.unit == "s" {
            oursCells = [
                Format.time(ours.latency?.p50), Format.time(ours.latency?.p99),
                result.unitsPerSample > 1 ? Format.rate(ours.throughput) : "",
            ]
        } else {
            oursCells = [Format.bytes(ours.value), "", ""]
        }
        let floorCell = floorText(result)
        guard !result.peers.isEmpty else {
            return [row([oursName] + oursCells + ["—", "", "", "", "", floorCell])]
        }
        return result.peers.enumerated().map { index, peer in
            let peerCells: [String]
            if result.unit == "s" {
                peerCells = [
                    Format.time(peer.latency?.p50), Format.time(peer.latency?.p99),
                    result.unitsPerSample > 1 ? Format.rate(peer.throughput) : "",
                ]
            } else {
                peerCells = [Format.bytes(peer.value), "", ""]
            }
            let left = index == 0 ? [oursName] + oursCells : ["", "", "", ""]
            return row(
                left + [peer.label] + peerCells + [
                    Format.ratio(result.speedup(over: peer)),
                    index == 0 ? floorCell : "",
                ])
        }
    }

    private static func floorText(_ result: OperationResult) -> String {
        guard let floor = result.floor, let ratio = result.floorRatio else { return "" }
        switch floor.kind {
        case .throughput: return String(format: "%.0f%% of ceiling", ratio * 100)
        case .latency, .size: return "\(Format.ratio(ratio)) \(floor.unitName)"
        }
    }

    private static func row(_ cells: [String]) -> String {
        zip(cells, widths).enumerated().map { index, pair in
            Format.cell(pair.0, pair.1, right: index != 0 && index != 4)
        }.joined(separator: " ")
    }

    private static func extra(_ key: String, _ value: Double) -> String {
        if key.hasSuffix(" s") { return Format.time(value) }
        if key.contains("bytes") { return Format.bytes(value) }
        if key.contains("/s") { return Format.rate(value) }
        return String(format: "%.4g", value)
    }

    private static func fact(_ key: String, _ value: Double) -> String {
        extra(key, value)
    }
}
