import Foundation
import Glibc

/// The chaos drill (issue 27 point 3): randomized schedules of copy writes, a second writer and faults against the
/// reference instance on loopback, each followed by quiescence and the convergence checks. Its last line is
/// `chaos drill: N runs, C converged, L lost, D duplicated`; it exits 0 only when every run converged.
@main
struct ChaosDrill {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        let options = DrillOptions(Array(CommandLine.arguments.dropFirst()))
        do {
            if options.worker {
                exit(try await ChaosWorker.run(options))
            }
            exit(try await drive(options))
        } catch {
            FileHandle.standardError.write(Data("chaos drill: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Runs `options.runs` runs; run k (from 0) uses seed `options.seed + k`, so `--seed <that> --runs 1` replays it.
    private static func drive(_ options: DrillOptions) async throws -> Int32 {
        let drill = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let marfa = drill.deletingLastPathComponent().appendingPathComponent("marfa")
        guard FileManager.default.isExecutableFile(atPath: marfa.path) else {
            throw DrillFailure("no marfa executable beside the drill at \(marfa.path); build the marfa product")
        }
        print("chaos drill: seed \(options.seed), \(options.runs) runs of \(options.steps) steps")
        var converged = 0
        var lost = 0
        var duplicated = 0
        for index in 0..<options.runs {
            let seed = options.seed &+ UInt64(index)
            let schedule = ChaosSchedule(seed: seed, length: options.steps)
            let started = ContinuousClock.now
            let report = await ChaosRun(seed: seed, schedule: schedule, drill: drill, marfa: marfa).run()
            let outcome = report.outcome
            lost += outcome.lost
            duplicated += outcome.duplicated
            let took = (ContinuousClock.now - started).components.seconds
            if outcome.findings.isEmpty {
                converged += 1
                let writes = outcome.acknowledged
                print("run \(index + 1) seed \(seed): converged, \(writes) acknowledged writes, \(took) s")
            } else {
                print("run \(index + 1) seed \(seed): DIVERGED (\(outcome.findings.count) findings), \(took) s")
                for finding in outcome.findings.prefix(30) { print("  \(finding)") }
                print("  schedule: \(schedule.text)")
                print("  trace: \(report.trace.joined(separator: " | "))")
                print("  kept: \(report.folder.path)")
                print("  replay: tools/chaos-drill --seed \(seed) --runs 1 --steps \(options.steps)")
            }
            fflush(nil)
        }
        print("chaos drill: \(options.runs) runs, \(converged) converged, \(lost) lost, \(duplicated) duplicated")
        return converged == options.runs && lost == 0 && duplicated == 0 ? 0 : 1
    }
}

/// The drill's command line: `[--runs N] [--seed S] [--steps K]`, or `worker --store P --url U --log L --pins a,b`.
struct DrillOptions {
    var worker = false
    var runs = 10
    var seed = UInt64(Date().timeIntervalSince1970)
    var steps = 80
    var store = ""
    var url = ""
    var log = ""
    var pins: [String] = []

    init(_ arguments: [String]) {
        worker = arguments.first == "worker"
        func value(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        runs = value("--runs").flatMap(Int.init) ?? runs
        seed = value("--seed").flatMap { UInt64($0) } ?? seed
        steps = value("--steps").flatMap(Int.init) ?? steps
        store = value("--store") ?? ""
        url = value("--url") ?? ""
        log = value("--log") ?? ""
        pins = (value("--pins") ?? "").split(separator: ",").map(String.init)
    }
}
