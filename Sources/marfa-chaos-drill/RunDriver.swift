import Foundation
import Marfa

/// Drives one run's schedule: commands to the worker (restarting it after each `kill -9`), the second writer's
/// edits, the faults; then quiescence, the worker's dump, and the checks.
final class RunDriver {
    private let run: ChaosRun
    private let folder: URL
    private let link: InstanceLink
    private let proxy: FaultProxy
    private let key: String
    private let writer: SecondWriter
    private let pins: [String]
    private var worker: ChildProcess?
    private var following = false
    private var starts = 0
    /// What each step answered, in order.
    private(set) var trace: [String] = []
    private var findings: [String] = []

    private var logURL: URL { folder.appendingPathComponent("acknowledged.log") }
    private var dumpURL: URL { folder.appendingPathComponent("copy.json") }

    /// Seeds the instance, starts the worker and fills the copy.
    init(run: ChaosRun, folder: URL, link: InstanceLink, proxy: FaultProxy, key: String) async throws {
        self.run = run
        self.folder = folder
        self.link = link
        self.proxy = proxy
        self.key = key
        writer = SecondWriter(link: link, seed: run.seed)
        pins = try await writer.prepare()
        try startWorker()
        trace.append("hydrate: \(try ask("hydrate"))")
    }

    /// Performs every step, then brings everything to quiescence and has the worker dump the copy.
    func drive() async throws {
        var killAfter: Int?
        for (index, step) in run.schedule.steps.enumerated() {
            switch step {
            case .copy(let command, let pick):
                if command == .followOn { following = true }
                if command == .followOff { following = false }
                let line = "\(command.rawValue) \(pick)"
                if let milliseconds = killAfter {
                    killAfter = nil
                    try kill(during: line, afterMilliseconds: milliseconds)
                } else {
                    note(index, step, try ask(line))
                }
            case .writer(let edit, let pick):
                note(index, step, await writer.perform(edit, pick: pick, step: index))
            case .fault(let fault):
                note(index, step, await apply(fault))
            case .kill(let milliseconds):
                killAfter = milliseconds
            }
        }
        if killAfter != nil { try kill(during: "drain 0", afterMilliseconds: 0) }
        proxy.disarm()
        await link.hook("faults", ["status": 503, "count": 0])
        let settled = try ask("settle", seconds: 150)
        trace.append("settle: \(settled)")
        if settled != "settled" { findings.append("the copy did not settle: \(settled)") }
        let dumped = try ask("dump \(dumpURL.path)")
        guard dumped == "dumped" else { throw DrillFailure("the worker could not dump the copy: \(dumped)") }
    }

    /// The checks over the dump, the acknowledgement log and the instance.
    func check() async -> ConvergenceCheck.Outcome {
        guard let data = try? Data(contentsOf: dumpURL), let dump = (try? JSONValue(jsonBytes: Array(data)))?.object
        else {
            var outcome = ConvergenceCheck.Outcome()
            outcome.findings = findings + ["the worker's dump cannot be read"]
            return outcome
        }
        var outcome = await ConvergenceCheck(link: link, dump: dump, log: AckLog.read(logURL)).run()
        outcome.findings = findings + outcome.findings
        return outcome
    }

    /// Lets the worker finish by closing its input (bounded), then kills it.
    func finish() {
        worker?.finish(until: .now + .seconds(20))
        worker = nil
    }

    private func note(_ index: Int, _ step: ChaosStep, _ answer: String) {
        trace.append("\(index) \(step): \(answer)")
        if answer.hasPrefix("failed") || answer.hasPrefix("unknown") {
            findings.append("step \(index) \(step) answered \(answer)")
        }
    }

    private func startWorker() throws {
        starts += 1
        worker = try ChildProcess(
            executable: run.drill,
            arguments: [
                "worker", "--store", folder.appendingPathComponent("copy").path,
                "--url", "http://127.0.0.1:\(proxy.port)", "--log", logURL.path, "--pins", pins.joined(separator: ","),
            ],
            environment: ["MARFA_API_KEY": key],
            errorLog: folder.appendingPathComponent("worker-\(starts).stderr"))
    }

    /// Sends one command and waits (bounded) for its answer; a worker that dies or hangs fails the run.
    private func ask(_ line: String, seconds: Int = 60) throws -> String {
        guard let worker, worker.send(line), let answer = worker.readLine(until: .now + .seconds(seconds)) else {
            let tail = worker?.errorTail() ?? ""
            throw DrillFailure("the worker gave no answer to \(line) within \(seconds) s; its stderr: \(tail)")
        }
        return answer
    }

    /// Sends `line`, waits at most `milliseconds` for its answer, kills the worker with SIGKILL and reopens the
    /// copy in a new worker (following again when it followed).
    private func kill(during line: String, afterMilliseconds milliseconds: Int) throws {
        guard let worker else { return }
        worker.send(line)
        let answer = worker.readLine(until: .now + .milliseconds(milliseconds))
        worker.killNow()
        trace.append("kill -9 during \(line) after \(milliseconds) ms (\(answer ?? "unanswered"))")
        try startWorker()
        if following { trace.append("followOn: \(try ask("followOn"))") }
    }

    private func apply(_ fault: ChaosFault) async -> String {
        let answer: InstanceLink.Answer?
        switch fault {
        case .unavailable(let count):
            answer = await link.hook("faults", ["status": 503, "count": .integer(Int64(count))])
        case .rateLimited(let count, let retryAfter):
            answer = await link.hook(
                "faults",
                ["status": 429, "count": .integer(Int64(count)), "retry_after": .integer(Int64(retryAfter))])
        case .closedBeforeAnswer(let count):
            answer = await link.hook("faults", ["drop": true, "count": .integer(Int64(count))])
        case .droppedMidAnswer(let count):
            proxy.arm(.dropMidAnswer, count: count)
            return "armed"
        case .stalled(let count, let milliseconds):
            proxy.arm(.stall(milliseconds: milliseconds), count: count)
            return "armed"
        case .streamsEnded:
            answer = await link.hook("streams/end", ["reason": "server_stopping"])
        case .logTrimmed:
            answer = await link.hook("log/trim", ["through": .integer(1 << 40)])
        }
        return answer.map { "\($0.status)" } ?? "no answer"
    }
}
