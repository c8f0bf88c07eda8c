import Foundation

/// The settings of one open copy, as one value with defaults.
package struct CopyConfiguration: Sendable {
    /// Journal bytes after which the copy writes a snapshot on its own and starts a new segment.
    package var snapshotThresholdBytes: UInt64 = 64 << 20
    /// The zstd level snapshots are compressed at.
    package var snapshotCompressionLevel: Int32 = 1
    /// Whether indexes and adjacency are checked after every change (on when `MARFA_INTERNAL_CHECKS` is set).
    package var internalChecks: Bool = CopyConfiguration.internalChecksFromEnvironment

    /// The clock and id source writes use; tests inject their own.
    package var writeContext: WriteContext = .live

    /// The defaults.
    package init() {}

    private static var internalChecksFromEnvironment: Bool {
        guard let value = ProcessInfo.processInfo.environment["MARFA_INTERNAL_CHECKS"] else { return false }
        return !value.isEmpty && value != "0"
    }
}
