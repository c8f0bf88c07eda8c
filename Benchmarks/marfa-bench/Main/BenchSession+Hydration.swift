import Foundation

extension BenchSession {
    /// Hydration over loopback from an in-process reference instance; skipped in the smoke tier, where creating
    /// the items over HTTP would outweigh what it shows.
    func runHydration() async throws {
        guard selects("hydrate") else { return }
        guard context.plan.tier != "smoke" else {
            skipped.append("hydration over loopback: not in the smoke tier (items are created over HTTP first)")
            return
        }
        Self.progress("hydration: creating the items on a reference instance")
        let key = "marfa_k1_bench-hydration"
        let (instance, url, loaded) = try await HydrationOperations.startInstance(context, key: key)
        Self.progress("hydration over loopback: \(loaded) items")
        do {
            try await measure(HydrationOperations.loopback(context, instance: url, key: key, loaded: loaded))
        } catch {
            await instance.stop()
            throw error
        }
        await instance.stop()
    }
}
