/// The waits of a copy's connection, as one value with the seed's defaults.
package struct ConnectionPolicy: Sendable, Hashable {
    /// The first wait after a passing failure (F123).
    package var offlineFirst: Duration = .seconds(5)
    /// The longest wait after passing failures (F123).
    package var offlineLimit: Duration = .seconds(300)
    /// How long a follow runs without failing before its waits start again from `offlineFirst` (F126).
    package var healthyReset: Duration = .seconds(300)
    /// The wait between tries while stopped (F124).
    package var stoppedInterval: Duration = .seconds(300)
    /// The first wait before a refill is tried again (F129).
    package var refillFirst: Duration = .seconds(1)
    /// The longest wait between refill tries (F129).
    package var refillLimit: Duration = .seconds(300)
    /// Whether a copy whose confirmed cursor aged out refills itself in place (F129); without it, it needs a
    /// hydration.
    package var refillsInPlace = true

    /// The policy seed 003 describes.
    package static let standard = ConnectionPolicy()

    /// The device command line's `follow` (WC-79, Decision 0103): an early end, a 5xx or a 429 waits 1 s, doubling
    /// up to 30 s, and an aged-out cursor ends the follow rather than refilling the copy.
    package static let commandLine = ConnectionPolicy(
        offlineFirst: .seconds(1), offlineLimit: .seconds(30), refillsInPlace: false)
}
