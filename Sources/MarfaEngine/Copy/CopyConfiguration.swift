import Foundation

/// The settings of one open copy, as one value with defaults.
package struct CopyConfiguration: Sendable {
    /// Journal bytes after which the copy writes a snapshot on its own and starts a new segment, at the least.
    package var snapshotThresholdBytes: UInt64 = 64 << 20
    /// Journal bytes per byte of the state's encoded size (the last snapshot's payload) the copy also waits for
    /// before writing a snapshot on its own, so a large copy is not rewritten whole every `snapshotThresholdBytes`
    /// (Decision 0059); 0 snapshots at the threshold alone.
    package var snapshotJournalRatio: Double = 1
    /// The zstd level snapshots are compressed at.
    package var snapshotCompressionLevel: Int32 = 1
    /// Whether indexes and adjacency are checked after every change (on when `MARFA_INTERNAL_CHECKS` is set).
    package var internalChecks: Bool = CopyConfiguration.flag("MARFA_INTERNAL_CHECKS")
    /// Whether opening the copy asks the kernel to back the process's dense anonymous memory with huge pages, in
    /// the background (on when `MARFA_HUGE_PAGES` is set; Decision 0039).
    package var hugePages: Bool = CopyConfiguration.flag("MARFA_HUGE_PAGES")

    /// Whether the Swift pages' fill rules hold (seed 000 "While the copy fills", F025 to F029, F074, F091, F129;
    /// Decisions 0109, 0110): a stale copy answers its rows `.stale` and refills in place, writes wait on the fill as
    /// F028 says, and a taken retype or edge source move expires the copy. The device command line turns them off and
    /// keeps its own contract (WC-4, WC-30, WC-32, V-21): no row read until a fill completes, a refill that clears.
    package var swiftFillRules = true

    /// The clock and id source writes use; tests inject their own.
    package var writeContext: WriteContext = .live

    /// The defaults.
    package init() {}

    private static func flag(_ name: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment[name] else { return false }
        return !value.isEmpty && value != "0"
    }
}
