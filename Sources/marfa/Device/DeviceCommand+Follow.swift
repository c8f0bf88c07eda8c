import Foundation
import Marfa
import MarfaLocks

extension DeviceCommand {
    /// `follow [--for s]`: holds the stream, prints one JSON line per applied change, the report last (WC-78..81).
    static let followCommand = DeviceCommand(
        words: ["follow"],
        spec: CommandSpec(
            usage: "follow [--for <seconds>] --url U --key K",
            summary: "follow the instance's log, one line per applied change, the report last",
            numbers: ["for": .seconds]),
        talksToInstance: true
    ) { arguments, copy in
        guard copy.handle == .writer else {
            throw MarfaError.readingHandle(message: "a reading handle does not follow the instance; the writer does")
        }
        let seconds = arguments.seconds("for")
        let changes = copy.changes()
        let held = copy.updates().makeAsyncIterator()
        let printer = Task {
            for await change in changes {
                guard case .server(let event, let cursor) = change.origin else {
                    if case .serverUnreachable(let error) = change.origin {
                        emitLine(["event": "server.unreachable", "item_id": .null, "edge_id": .null, "cursor": .null,
                              "reason": .string(error.message)])
                    }
                    continue
                }
                emitLine(["event": .string(event), "item_id": change.itemId.map(JSONValue.string) ?? .null,
                      "edge_id": change.edgeId.map(JSONValue.string) ?? .null, "cursor": .string(cursor)])
            }
        }
        await FollowDeadline.wait(seconds: seconds)
        printer.cancel()
        await printer.value
        _ = held
        return await copy.followReport()
    }

}

/// Waits for `--for` seconds to pass or for SIGINT/SIGTERM, whichever comes first (WC-81: a stop ends at once,
/// with the report).
enum FollowDeadline {
    static func wait(seconds: Double?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            Task {
                _ = await StopSignal.wait()
                if once.take() { continuation.resume() }
            }
            if let seconds {
                Task {
                    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                    if once.take() { continuation.resume() }
                }
            }
        }
    }
}

/// A flag that is taken once.
final class OnceFlag: Sendable {
    private let taken = LockedValue(false)

    /// Whether this call took the flag.
    func take() -> Bool {
        taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
