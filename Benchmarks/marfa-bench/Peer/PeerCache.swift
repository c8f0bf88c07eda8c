import Foundation

/// A folder of loaded peer databases, one per dataset and schema, so a long tier (1M) pays SQLite's load once.
///
/// A database is kept right after its load (WAL checkpointed, before any measured write) and copied into each later
/// run's folder, because the run's writes and events change it.
struct PeerCache {
    /// The folder the databases live in.
    let folder: String

    /// The cached database for a dataset with `checksum` under the current schema.
    func file(checksum: String) -> String {
        var schema = FNV1a()
        schema.add(PeerSchema.create)
        return "\(folder)/peer-\(checksum)-\(schema.hex).db"
    }

    /// Copies the cached database for `checksum` to `path`; answers false when there is none.
    func restore(checksum: String, to path: String) throws(BenchError) -> Bool {
        let source = file(checksum: checksum)
        guard FileManager.default.fileExists(atPath: source) else { return false }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        do {
            try FileManager.default.copyItem(atPath: source, toPath: path)
        } catch {
            throw BenchError("cannot copy the cached peer database \(source): \(error)")
        }
        return true
    }

    /// The sizes `dbstat` counted in the cached database for `checksum`, kept beside it, or nil when none are kept.
    /// Counting reads every page: at 1M (20 GB, more than the page cache holds) it took longer than the rest of a
    /// run's setup.
    func sizes(checksum: String) -> PeerSizes? {
        guard let data = FileManager.default.contents(atPath: sizesFile(checksum: checksum)) else { return nil }
        return try? JSONDecoder().decode(PeerSizes.self, from: data)
    }

    /// Keeps `sizes`, counted in the cached database for `checksum` before any write, beside it.
    func keepSizes(_ sizes: PeerSizes, checksum: String) throws(BenchError) {
        do {
            let url = URL(fileURLWithPath: sizesFile(checksum: checksum))
            try JSONEncoder().encode(sizes).write(to: url, options: .atomic)
        } catch {
            throw BenchError("cannot keep the peer's sizes in \(folder): \(error)")
        }
    }

    /// Where the sizes counted in the cached database for `checksum` are kept.
    private func sizesFile(checksum: String) -> String {
        file(checksum: checksum) + ".sizes.json"
    }

    /// Keeps a copy of the loaded database at `path` for `checksum`, written under a temporary name and renamed,
    /// so a stopped copy is never taken for a whole one. Only the file is copied: the load must have checkpointed
    /// its WAL after its last write (the planner's statistics included, without which the peer's plans change).
    func keep(_ path: String, checksum: String) throws(BenchError) {
        let target = file(checksum: checksum)
        let partial = target + ".partial"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: partial)
            // Sizes counted in a database this one replaces are not its sizes.
            try? FileManager.default.removeItem(atPath: sizesFile(checksum: checksum))
            try FileManager.default.copyItem(atPath: path, toPath: partial)
            guard rename(partial, target) == 0 else { throw BenchError("rename failed: errno \(errno)") }
        } catch {
            throw BenchError("cannot keep the peer database in \(folder): \(error)")
        }
    }
}
