import Marfa

/// The device's read gate (WC-4, WC-6; Decision 0087): one process per operation, so a store found `never`,
/// `in_progress` or `expired` when a row read starts holds no whole slice, and the read is refused.
enum DeviceReadGate {
    /// Passes a copy whose last hydration completed; refuses every other state with `hydrationIncomplete`,
    /// the same for a store with or without an origin, a fill still running elsewhere or an interrupted one.
    static func check(_ copy: WorkingCopy) async throws {
        let hydration = try await copy.status().hydration
        guard hydration != .complete else { return }
        throw MarfaError.hydrationIncomplete(
            message: "the copy's hydration is \(hydration.rawValue); rows are read once a hydration completes")
    }
}
