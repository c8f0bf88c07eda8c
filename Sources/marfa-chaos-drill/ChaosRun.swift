import Foundation
import Marfa

/// One run: a reference instance, the proxy, the second writer and the copy's worker, driven through one seed's
/// schedule, then brought to quiescence and checked.
struct ChaosRun {
    let seed: UInt64
    let schedule: ChaosSchedule
    /// This executable (the worker is this program run with `worker`).
    let drill: URL
    /// The `marfa` executable that serves the instance.
    let marfa: URL

    /// What a run found: the checker's outcome and the trace of what each step answered.
    struct Report {
        var outcome = ConvergenceCheck.Outcome()
        var trace: [String] = []
        var folder: URL
    }

    /// Runs the schedule and the checks; a failure of the drill's machinery is a finding too.
    func run() async -> Report {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("marfa-chaos-\(seed)-\(UUID().uuidString)")
        var report = Report(folder: folder)
        var driver: RunDriver?
        var instance: InstanceProcess?
        var proxy: FaultProxy?
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let key = "marfa_k1_chaos-\(UUID().uuidString.lowercased())"
            let started = try InstanceProcess.start(marfa: marfa, folder: folder, key: key)
            instance = started
            guard let upstreamPort = started.link.url.port else { throw DrillFailure("the instance named no port") }
            let faults = try FaultProxy(upstreamPort: upstreamPort)
            proxy = faults
            let running = try await RunDriver(run: self, folder: folder, link: started.link, proxy: faults, key: key)
            driver = running
            try await running.drive()
            report.outcome = await running.check()
        } catch {
            report.outcome.findings.append("the run could not finish: \(error)")
        }
        report.trace = driver?.trace ?? []
        driver?.finish()
        proxy?.stop()
        instance?.stop()
        if report.outcome.findings.isEmpty { try? FileManager.default.removeItem(at: folder) }
        return report
    }
}
