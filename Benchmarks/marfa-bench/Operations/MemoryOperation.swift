import Foundation
import MarfaEngine
import MarfaRules

/// Memory per item: a child process loads the dataset into a fresh copy and reports its resident memory before
/// and after (from `/proc/self/statm`, after `malloc_trim`); the peer's figure is its bytes on disk.
enum MemoryOperation {
    /// What the child reports, one JSON line on stdout.
    struct ChildReport: Codable {
        /// Items loaded.
        var items: Int
        /// Resident bytes before the load (vocabulary and generator ready).
        var residentBefore: Int
        /// Resident bytes after the load, before any read built the text indexes.
        var residentAfter: Int
        /// Resident bytes once one search, one title `contains` list and one `status eq` list have built the word
        /// index, the title's and the status value index.
        var residentWithTextIndexes: Int
        /// The most resident bytes the child held (the build's transient arrays included).
        var residentPeak: Int
        /// The word index's heap bytes as the store accounts them (`WordIndex.bytes`).
        var wordIndexBytes: Int
        /// The title word index's heap bytes as the store accounts them (`CopyActor.propertyWordIndexBytes`).
        var titleWordIndexBytes: Int
        /// The property value indexes' heap bytes as the store accounts them (`CopyActor.propertyValueIndexBytes`).
        var propertyValueIndexBytes: Int
        /// Encoded bytes of the items loaded.
        var encodedBytes: Int
    }

    /// Runs the child and compares with the peer's sizes: resident memory per item once the text indexes are built
    /// (what the floor, postings included, describes) and before (items and list indexes only); `trigramsPerItem`
    /// feeds the floor.
    static func run(_ context: BenchContext, peerSizes: PeerSizes, trigramsPerItem: Double) throws -> [OperationResult]
    {
        let report = try runChild(context)
        let count = Double(max(report.items, 1))
        let raw = Double(report.encodedBytes) / count
        let floor = Floor(
            kind: .size, value: raw + trigramsPerItem * 4 + 100,
            basis:
                "encoded row (\(Int(raw)) B) + \(Int(trigramsPerItem)) distinct trigrams × 4 B + 100 B; target ≤ 2×")
        let rows = Double(peerSizes.rowBytes)
        let peers = [
            SideResult(
                label: "sqlite trigram (disk)", promise: "file bytes, not memory",
                value: (rows + Double(peerSizes.trigramBytes)) / count),
            SideResult(
                label: "sqlite porter (disk)", promise: "file bytes, not memory",
                value: (rows + Double(peerSizes.porterBytes)) / count),
        ]
        let extras = [
            "resident before bytes": Double(report.residentBefore),
            "resident after load bytes": Double(report.residentAfter),
            "resident with text indexes bytes": Double(report.residentWithTextIndexes),
            "resident peak bytes": Double(report.residentPeak),
            "peak bytes per item": Double(report.residentPeak - report.residentBefore) / count,
            "word index bytes per item (store's own count)": Double(report.wordIndexBytes) / count,
            "title word index bytes per item (store's own count)": Double(report.titleWordIndexBytes) / count,
            "property value index bytes per item (store's own count)": Double(report.propertyValueIndexBytes) / count,
            "encoded bytes per item": raw,
        ]
        func result(_ name: String, resident: Int, note: String) -> OperationResult {
            OperationResult(
                name: name, group: "memory", unit: "bytes/item", unitsPerSample: 1,
                ours: SideResult(label: "marfa RSS", value: Double(resident - report.residentBefore) / count),
                peers: peers, floor: floor, notes: [note], tags: [:], extras: extras)
        }
        return [
            result(
                "memory/per-item", resident: report.residentWithTextIndexes,
                note: "measured in a child process after one search built the word index, one title contains"
                    + " list the title's own word index and one status eq list its value index (there is no trigram"
                    + " index)"),
            result(
                "memory/per-item-before-text-indexes", resident: report.residentAfter,
                note: "measured in the same child right after the load (items, edges, list indexes): no read has"
                    + " built the word index yet, so it sits below the floor's postings"),
        ]
    }

    /// Distinct trigrams (of folded scalars) per searchable item, over a sample of the dataset.
    static func trigramsPerItem(_ dataset: BenchDataset, sample: Int = 500) -> Double {
        let items = dataset.items.prefix(sample)
        var total = 0
        for item in items {
            let text = [item.properties["title"]?.string ?? "", item.properties["body"]?.string ?? ""]
                .joined(separator: "\u{0}")
            let scalars = Array(String(decoding: SearchSemantics.fold(text), as: UTF8.self).unicodeScalars)
            var seen = Set<String>()
            if scalars.count >= 3 {
                for start in 0...(scalars.count - 3) {
                    var gram = String.UnicodeScalarView()
                    gram.append(contentsOf: scalars[start..<(start + 3)])
                    seen.insert(String(gram))
                }
            }
            total += seen.count
        }
        return Double(total) / Double(max(items.count, 1))
    }

    private static func runChild(_ context: BenchContext) throws -> ChildReport {
        let line = try ChildProcess.lastLine(
            [
                "--memory-child", "--size", String(context.plan.size), "--seed", String(context.dataset.seed),
                "--dir", context.directory + "/memory-child",
            ], what: "memory child")
        return try JSONDecoder().decode(ChildReport.self, from: Data(line.utf8))
    }
}
