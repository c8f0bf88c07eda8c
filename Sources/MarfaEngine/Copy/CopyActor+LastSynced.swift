import Foundation
import MarfaRules

/// When the copy last completed a pull (seed 003, F113): kept in the store so a reopened copy's updates say it.
extension CopyActor {
    /// The device time of the last completed pull, or nil when the copy has never completed one.
    package var lastSynced: Date? {
        state.lastSynced.flatMap(Timestamp.date(from:))
    }

    /// Records `date` as the time of the last completed pull, durably; a reader records nothing.
    package func recordLastSynced(_ date: Date) async throws(MarfaError) {
        guard role == .writer else { return }
        if isClosed { throw MarfaError.closed(message: "this copy was closed") }
        try await commitJudged([.setLastSynced(Timestamp.string(from: date))], origin: .housekeeping)
    }
}
