/// The group sync probe: one group commit's bytes (N records of the mean encoded item size) appended in one write
/// and `fdatasync`ed, repeatedly, on the store's filesystem: what syncing a durable group of N costs here
/// (Decision 0048). The ceiling of `write/concurrent-N` is N ÷ its median.
enum GroupSyncProbe {
    /// The group sizes probed: the writer counts of `write/concurrent-N`, probed together just before them so
    /// that every ceiling sees the disk in the same phase.
    static var groupSizes: [Int] { ConcurrentWriteOperations.writerCounts }

    /// One group size's timings.
    struct Result: Codable, Sendable {
        /// Records in the group.
        var records: Int
        /// Bytes appended per sync (records × the mean encoded item size).
        var bytes: Int
        /// Append + fdatasync of those bytes.
        var sync: LatencySummary
    }

    /// Probes every group size with `count` rounds each, for records of `recordBytes`.
    static func measure(directory: String, recordBytes: Double, count: Int) throws(BenchError) -> [Result] {
        var results: [Result] = []
        for records in groupSizes {
            let bytes = Int((Double(records) * recordBytes).rounded())
            let sync = try FsyncProbe.measure(directory: directory, count: count, bytes: bytes)
            results.append(Result(records: records, bytes: bytes, sync: sync))
        }
        return results
    }
}
