/// The probes of one run: the floors every ratio is taken against.
struct ProbeResults: Codable, Sendable {
    /// Append 64 B + fdatasync on the store's filesystem.
    var fsync: LatencySummary
    /// memcpy bandwidth, bytes per second.
    var memcpyBytesPerSecond: Double
    /// One dependent cache miss, nanoseconds (random pointer chase).
    var pointerChaseNanoseconds: Double
    /// zstd level 1 on one thread over the store's snapshot payload (filled once the store is loaded).
    var zstd: ZstdProbe.Result?
    /// One group commit's bytes appended + fdatasynced, per group size (probed before the concurrent writes;
    /// absent in runs without them and in baselines before Decision 0048).
    var groupSyncs: [GroupSyncProbe.Result]?

    /// The median sync of a group of `records` records from the group sync probe (nil when not probed).
    func groupSyncMedian(records: Int) -> Double? {
        groupSyncs?.first { $0.records == records }?.sync.p50
    }

    /// Buffered disk write speed benchmarks.md measured on this machine (not probed: the page cache hides it).
    static let diskWriteBytesPerSecond = 0.7e9
    /// Disk read speed benchmarks.md measured on this machine.
    static let diskReadBytesPerSecond = 0.85e9
}
