import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// `GET /events` answers a scripted server gives a `follow` (issue 28 points 19 and 20), each with the contract
/// header the copy checks before any body byte.
enum ScriptedEventStreams {
    /// A stream that opens and ends at once, sending only a comment: the server that ends every stream.
    static var endingAtOnce: HTTPResponse {
        stream { writer in try? writer.sendComment(" connected") }
    }

    /// A stream that sends `frames` (each `(event, json)`, with no id) and then ends.
    static func sending(_ frames: [(event: String, data: String)]) -> HTTPResponse {
        stream { writer in
            try? writer.sendComment(" connected")
            for frame in frames { try? writer.send(SSEEvent(event: frame.event, data: frame.data)) }
        }
    }

    /// The replay's marker naming `cursor` (P-32).
    static func live(_ cursor: String) -> (event: String, data: String) {
        ("stream_live", #"{"event_type":"stream_live","cursor":"\#(cursor)"}"#)
    }

    /// The terminal frame of a cursor the log no longer holds (P-31, WC-30).
    static func catchUpTooOld(oldest: String, requested: String) -> (event: String, data: String) {
        ("catchup_too_old",
         #"{"event_type":"catchup_too_old","min_retained_id":"\#(oldest)","requested":"\#(requested)"}"#)
    }

    private static func stream(_ producer: @escaping @Sendable (SSEWriter) async -> Void) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("X-Marfa-Contract", "3")
        return .eventStream(headers: headers, producer: producer)
    }
}

extension ScriptedFront {
    /// How many `GET /events` requests arrived since the last `clear()`.
    var streamsAsked: Int { lines.filter { $0 == "GET /events" }.count }
}

/// What one `follow` process printed: its change lines, its report, its refusal and its exit status.
struct FollowOutcome {
    let status: Int32
    /// Every line on standard output, each read as JSON; the report is the last.
    let lines: [JSONValue]
    let stderr: String

    /// Runs `marfa --json device --db <store> follow --for <seconds>` against `harness` to its end.
    init(_ harness: InstanceHarness, seconds: Int) throws {
        let result = try runMarfa(harness.deviceArguments(["follow", "--for", "\(seconds)"], server: true))
        status = result.status
        lines = result.stdout.split(separator: "\n").compactMap { try? JSONValue(json: String($0)) }
        stderr = result.stderr
    }

    /// The follow report.
    var report: JSONObject? { lines.last?.object }

    /// The change lines, every line before the report.
    var changes: [JSONObject] { lines.dropLast().compactMap(\.object) }

    /// The refusal's `error.code`, or nil.
    var code: String? {
        (try? JSONValue(json: stderr.trimmingCharacters(in: .whitespacesAndNewlines)))?
            .object?["error"]?.object?["code"]?.string
    }
}
