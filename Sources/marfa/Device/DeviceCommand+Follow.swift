import Foundation
import Marfa

extension DeviceCommand {
    /// `follow [--for s]`: holds the stream, prints one JSON line per applied change, the report last (WC-78..81).
    /// It ends refused on an answer no retry changes or an aged-out cursor, and with exit 0 once its output has no
    /// reader (Decision 0103).
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
        // A reader that went away makes a write fail rather than end the process (WC-81).
        signal(SIGPIPE, SIG_IGN)
        let ending = FollowEnding()
        let changes = copy.changes()
        let updates = copy.updates()
        let printer = Task {
            for await change in changes {
                guard let line = await followLine(change, copy: copy) else { continue }
                if !emitLine(line) { return ending.end(.readerGone) }
            }
        }
        let watcher = Task {
            for await update in updates {
                if let refusal = FollowEnding.refusal(in: update.connection) { return ending.end(.refused(refusal)) }
            }
        }
        let reason = await ending.wait(seconds: arguments.seconds("for"))
        printer.cancel()
        watcher.cancel()
        await printer.value
        if case .refused(let refusal) = reason { throw refusal }
        return await copy.followReport()
    }

    /// The line a follow prints for `change`: an event that changed the copy, the server unreachable, or a stream's
    /// catalog read that changed the held catalog (`catalog.changed`, null ids, the cursor held; Decision 0116); nil
    /// for anything else.
    private static func followLine(_ change: Change, copy: WorkingCopy) async -> JSONValue? {
        switch change.origin {
        case .server(let event, let cursor):
            return ["event": .string(event), "item_id": change.itemId.map(JSONValue.string) ?? .null,
                    "edge_id": change.edgeId.map(JSONValue.string) ?? .null, "cursor": .string(cursor)]
        case .refreshed(.catalog):
            let cursor = try? await copy.status().eventCursor
            return ["event": "catalog.changed", "item_id": .null, "edge_id": .null,
                    "cursor": cursor.map(JSONValue.string) ?? .null]
        case .serverUnreachable(let error):
            return ["event": "server.unreachable", "item_id": .null, "edge_id": .null, "cursor": .null,
                    "reason": .string(FollowFailure.text(error))]
        default:
            return nil
        }
    }
}
