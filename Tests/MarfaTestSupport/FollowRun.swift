import Foundation
import Marfa
import MarfaLocks
import XCTest

/// What one `follow --for <seconds>` printed: its change lines and its report, the last line.
package struct FollowRun {
    /// The lines before the report, each a JSON object.
    package var lines: [JSONObject]
    /// The report.
    package var report: JSONObject
}

extension InstanceHarness {
    /// Runs the device's `follow --for seconds` against this instance to its end and reads what it printed; fails the
    /// test when it exits non-zero or prints no report.
    package func follow(for seconds: Int) throws -> FollowRun {
        let followed = try runMarfa(deviceArguments(["follow", "--for", String(seconds)], server: true))
        XCTAssertEqual(followed.status, 0, followed.stderr)
        let printed = try followed.stdout.split(separator: "\n").map { try JSONValue(json: String($0)) }
        let report = try XCTUnwrap(printed.last?.object, "the follow printed its report: \(followed.stdout)")
        return FollowRun(lines: printed.dropLast().compactMap(\.object), report: report)
    }
}

/// Whether `changes` has told a change of `origin` yet; the listening task ends when it is canceled.
package final class OriginHeard: Sendable {
    private let heard = LockedValue(false)
    private let listener: Task<Void, Never>

    /// Starts listening to `changes` for `origin`.
    package init(_ origin: Change.Origin, on changes: AsyncStream<Change>) {
        listener = Task { [heard] in
            for await change in changes where change.origin == origin {
                heard.withLock { $0 = true }
            }
        }
    }

    /// Whether a change of the origin was told.
    package var told: Bool { heard.withLock { $0 } }

    /// Stops listening.
    package func cancel() { listener.cancel() }
}
