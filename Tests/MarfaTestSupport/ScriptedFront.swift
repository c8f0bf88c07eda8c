import Foundation
import Marfa
import MarfaInstance
import MarfaLocks
import XCTest

/// A scripted server standing in front of the reference instance: it records every request the copy makes and
/// answers the ones a test scripts, passing the rest to the instance (issue 28, "a scripted server").
package final class ScriptedFront: Sendable {
    /// A front that lets every request through until `script` or `hold` says otherwise.
    package init() {}

    /// One request as it arrived.
    package struct Seen: Sendable, Equatable {
        package var method: String
        package var path: String
        package var query: [String: String]
        package var authorization: String?

        /// `"GET /items"`.
        package var line: String { "\(method) \(path)" }
    }

    /// Answers a request, or nil to let the instance answer; `count` is how many requests to the same method and
    /// path arrived before this one (`clear()` does not reset it).
    package typealias Rule = @Sendable (_ request: HTTPRequest, _ count: Int) -> HTTPResponse?

    private let state = LockedValue<(seen: [Seen], rules: [Rule], counts: [String: Int])>(([], [], [:]))
    private let gates = LockedValue<[String: Gate]>([:])

    /// Holds the next request `line` (`"POST /items"`) until the gate it answers is opened; later ones pass.
    package func hold(_ line: String) -> Gate {
        let gate = Gate()
        gates.withLock { $0[line] = gate }
        return gate
    }

    /// Adds a rule; earlier rules are asked first.
    package func script(_ rule: @escaping Rule) {
        state.withLock { $0.rules.append(rule) }
    }

    /// Every request so far except the test hooks, in arrival order.
    package var seen: [Seen] { state.withLock { $0.seen } }

    /// `"METHOD /path"` of every request so far.
    package var lines: [String] { seen.map(\.line) }

    /// Forgets the requests seen so far.
    package func clear() {
        state.withLock { $0.seen = [] }
    }

    /// The interposer to start the instance with.
    package var interposer: RequestInterposer {
        { [self] request, next in
            if request.path.hasPrefix("/__reference") { return await next(request) }
            let (rules, count): ([Rule], Int) = state.withLock { state in
                var query: [String: String] = [:]
                for item in request.queryItems { query[item.name] = item.value }
                let seen = Seen(
                    method: request.method, path: request.path, query: query,
                    authorization: request.headers["Authorization"])
                state.seen.append(seen)
                let count = state.counts[seen.line, default: 0]
                state.counts[seen.line] = count + 1
                return (state.rules, count)
            }
            if let gate = gates.withLock({ $0.removeValue(forKey: "\(request.method) \(request.path)") }) {
                await gate.wait()
            }
            for rule in rules {
                if let answer = rule(request, count) { return answer }
            }
            return await next(request)
        }
    }
}

/// A request held until the test opens it.
package final class Gate: Sendable {
    private let state = LockedValue<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Lets the held request, and any later wait, go on.
    package func open() {
        let waiting = state.withLock { state in
            defer { state = (true, []) }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Suspends until `open()`.
    package func wait() async {
        await withCheckedContinuation { continuation in
            let opened = state.withLock { state in
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if opened { continuation.resume() }
        }
    }
}

extension ScriptedFront {
    /// A refusal as the instance words one: `status`, the contract header and `{"error":{"code","message"}}`.
    package static func refusal(_ status: Int, _ code: String, _ message: String = "scripted") -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("X-Marfa-Contract", "3")
        return .json(
            HTTPStatus(code: status), headers: headers,
            text: #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#)
    }
}

/// What one `marfa` device process answered: its exit status, its JSON answer and its refusal.
package struct DeviceOutcome {
    package var status: Int32
    package var answer: JSONValue?
    package var stderr: String

    /// What `result` printed, its standard output read as JSON.
    package init(_ result: CommandResult) {
        status = result.status
        answer = try? JSONValue(json: result.stdout)
        stderr = result.stderr
    }

    /// The refusal's `error.code` under `--json`, or nil.
    package var code: String? {
        (try? JSONValue(json: stderr.trimmingCharacters(in: .whitespacesAndNewlines)))?
            .object?["error"]?.object?["code"]?.string
    }
}

extension InstanceHarness {
    /// Runs `marfa --json device --db <store> [--reader] <words>`, with `--url` and `--key` (the operator's unless
    /// `key` is given) when `server`.
    package func device(
        _ words: [String], server: Bool = true, reader: Bool = false, store: URL? = nil, key: String? = nil
    ) throws -> DeviceOutcome {
        var arguments: [String] = ["--json", "device", "--db", (store ?? self.store).path]
        if reader { arguments.append("--reader") }
        arguments += words
        if server { arguments += ["--url", url.absoluteString, "--key", key ?? self.key] }
        return DeviceOutcome(try runMarfa(arguments))
    }
}

extension InstanceHarness {
    /// A harness behind `front` whose instance holds one note titled `title`, hydrated (`core.note`, tier `all`) by a
    /// `marfa` process; answers it and the note's id.
    package static func hydratedByDevice(front: ScriptedFront, title: String) async throws -> (InstanceHarness, String) {
        let harness = try await InstanceHarness(front: front)
        let id = try await harness.createItem(type: "core.note", title: title)
        let hydrated = try harness.device(["hydrate", "--types", "core.note", "--tier", "all"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)
        return (harness, id)
    }
}
