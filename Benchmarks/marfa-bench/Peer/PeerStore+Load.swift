import Foundation
import MarfaRules

extension PeerStore {
    /// Loads the dataset in transactions of `batch` rows, filling the three FTS5 tables, then writes the planner's
    /// statistics and checkpoints, so the database file alone holds everything (what `PeerCache` copies).
    func load(items: [Item], edges: [Edge], batch: Int = 2000) throws(BenchError) {
        try setSynchronous(.normal)
        for chunk in stride(from: 0, to: items.count, by: batch) {
            try begin()
            for item in items[chunk..<min(chunk + batch, items.count)] {
                let seq = try upsert(item, trigram: true, porter: true)
                try indexWords(item, seq: seq)
            }
            try commit()
        }
        for chunk in stride(from: 0, to: edges.count, by: batch) {
            try begin()
            for edge in edges[chunk..<min(chunk + batch, edges.count)] { try upsert(edge) }
            try commit()
        }
        try connection.execute("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE);")
        try setSynchronous(.full)
    }

    /// File sizes: the database, its WAL, and bytes per table group from `dbstat`.
    func sizes() throws(BenchError) -> PeerSizes {
        let statement = try connection.statement("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")
        var sizes = PeerSizes()
        while try statement.step() {
            let name = statement.text(0) ?? ""
            let bytes = Int(statement.integer(1))
            if name.hasPrefix(PeerSchema.trigramTable) {
                sizes.trigramBytes += bytes
            } else if name.hasPrefix(PeerSchema.porterTable) {
                sizes.porterBytes += bytes
            } else if name.hasPrefix(PeerSchema.wordsTable) {
                sizes.wordsBytes += bytes
            } else {
                sizes.rowBytes += bytes
            }
        }
        return self.sizes(counted: sizes)
    }

    /// `sizes()` with the page counts of `counted`, counted earlier in the same database, and the files' sizes now.
    func sizes(counted: PeerSizes) -> PeerSizes {
        var sizes = counted
        sizes.fileBytes = Self.fileSize(path)
        sizes.walBytes = Self.fileSize(path + "-wal")
        return sizes
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
