import Foundation
import Marfa

extension DeviceCommand {
    /// `changes --for s`: a reading handle that prints `{"watching":true}`, then one line per save by the writer
    /// process, and `{"watching":false,"saves":N}` when the time is up or on SIGINT (device-cli, Decision 0015).
    static let changesCommand = DeviceCommand(
        words: ["changes"],
        spec: CommandSpec(
            usage: "changes --for <seconds>",
            summary: "watch the writer's saves from a reading handle, one line per save", numbers: ["for": .seconds],
            required: ["for"]),
        opensAsReader: true
    ) { arguments, copy in
        guard let seconds = arguments.seconds("for") else { throw UsageError("changes takes --for <seconds>") }
        let lines = SaveLines()
        let changes = copy.changes()
        let printer = Task {
            for await change in changes {
                guard case .saved(let version) = change.origin else { continue }
                await lines.take(version: version, itemId: change.itemId, edgeId: change.edgeId)
            }
        }
        emitLine(["watching": true])
        _ = await FollowEnding().wait(seconds: seconds)
        // The printer takes what the stream already holds and stops; every save line is out before the count.
        printer.cancel()
        await printer.value
        let saves = await lines.finish()
        return ["watching": false, "saves": .integer(Int64(saves))]
    }
}

/// Prints a JSON line on standard output at once, through the same buffer as the answer (`Printer.answer`), so
/// lines come out in the order they were printed; answers false when standard output could not take it (its
/// reader has gone).
@discardableResult
func emitLine(_ line: JSONValue) -> Bool {
    guard let text = try? line.json() else { return true }
    print(text)
    return fflush(nil) == 0
}

/// Gathers the changes of one save into one line: the SDK yields a save's rows one change each, all with the
/// save's data version, so a line is printed when another version arrives or the save has been quiet 20 ms.
actor SaveLines {
    private var version: Int64?
    private var itemIds: [String] = []
    private var edgeIds: [String] = []
    private var printed = 0
    private var quiet: Task<Void, Never>?

    /// Adds one change of the save at `version`, printing the save before it if it was another.
    func take(version: Int64, itemId: String?, edgeId: String?) {
        if self.version != version { flush() }
        self.version = version
        if let itemId, !itemIds.contains(itemId) { itemIds.append(itemId) }
        if let edgeId, !edgeIds.contains(edgeId) { edgeIds.append(edgeId) }
        quiet?.cancel()
        quiet = Task {
            try? await Task.sleep(for: .milliseconds(20))
            guard !Task.isCancelled else { return }
            self.flush()
        }
    }

    /// Prints what is gathered and answers how many saves were printed.
    func finish() -> Int {
        quiet?.cancel()
        flush()
        return printed
    }

    private func flush() {
        guard let version else { return }
        emitLine([
            "event": "saved", "data_version": .integer(version), "item_ids": .array(itemIds.map(JSONValue.string)),
            "edge_ids": .array(edgeIds.map(JSONValue.string)),
        ])
        printed += 1
        self.version = nil
        itemIds = []
        edgeIds = []
    }
}
