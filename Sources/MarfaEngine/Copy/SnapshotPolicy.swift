import Synchronization

/// When the copy writes a snapshot on its own: once its current journal segment holds at least the configured
/// floor and at least the state's encoded size (as the last snapshot measured it) times a ratio, so the work of
/// rewriting the whole state stays in proportion to the journal written since (Decision 0059).
final class SnapshotPolicy: Sendable {
    private let floorBytes: UInt64
    private let ratio: Double
    private let dueBytes: Atomic<UInt64>

    /// A policy for `configuration`, with the state's encoded size taken from the snapshot the copy was restored
    /// from (0 when none).
    init(_ configuration: CopyConfiguration, statePayloadBytes: UInt64) {
        floorBytes = configuration.snapshotThresholdBytes
        ratio = configuration.snapshotJournalRatio
        dueBytes = Atomic(Self.due(floor: floorBytes, ratio: ratio, payload: statePayloadBytes))
    }

    /// The journal bytes in the current segment from which a snapshot is due.
    var segmentBytesDue: UInt64 { dueBytes.load(ordering: .relaxed) }

    /// Whether a current segment holding `segmentBytes` calls for a snapshot.
    func isDue(segmentBytes: UInt64) -> Bool {
        segmentBytes >= dueBytes.load(ordering: .relaxed)
    }

    /// Notes the state's encoded size, measured by a snapshot just encoded.
    func measured(statePayloadBytes: UInt64) {
        dueBytes.store(Self.due(floor: floorBytes, ratio: ratio, payload: statePayloadBytes), ordering: .relaxed)
    }

    private static func due(floor: UInt64, ratio: Double, payload: UInt64) -> UInt64 {
        let scaled = (Double(payload) * max(ratio, 0)).rounded(.up)
        return scaled >= Double(UInt64.max) ? .max : max(floor, UInt64(scaled))
    }
}
