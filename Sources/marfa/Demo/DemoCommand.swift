import Foundation
import Marfa

/// `marfa demo`: a reference instance on a loopback port and a working copy of it, with no configuration: another
/// writer adds notes, the copy hydrates, answers reads with no request, queues an offline rename, catches up with
/// the instance's later change, survives a reopen, and drains the rename to the instance.
enum DemoCommand {
    static let spec = CommandSpec(
        usage: "demo [--dir D]", summary: "a loopback instance and a working copy, end to end", options: ["dir"])

    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        let arguments = try ParsedArguments(words, spec: spec)
        let folder = arguments.value("dir").map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("marfa-demo-\(ItemID.make())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let say = { (line: String) in printer.note(line) }
        let instance = try await LoopbackInstance.start(
            dataDirectory: folder.appendingPathComponent("instance").path, key: nil)
        say("Reference instance answering at \(instance.url.absoluteString)")
        do {
            let answer = try await run(in: folder, instance: instance, say: say)
            await instance.stop()
            if printer.json { printer.answer(answer) }
            return 0
        } catch {
            await instance.stop()
            throw error
        }
    }

    private static func run(
        in folder: URL, instance: LoopbackInstance, say: (String) -> Void
    ) async throws -> JSONValue {
        let server = Server(url: instance.url, key: instance.key)
        let otherWriter = InstanceClient(server: server)
        for title in ["Reading list", "Groceries", "Ideas"] {
            try await create(title, through: otherWriter)
        }
        say("Another writer created 3 notes on the instance")

        let store = folder.appendingPathComponent("copy")
        let copy = try await WorkingCopy.open(store: store, server: server)
        let report = try await copy.hydrate(types: ["core.note"], tier: .all)
        say("Hydrated \(report.items) notes in \(report.pages) pages; cursor \(report.cursor)")
        let notes = try await copy.items.list(ListFilters(types: ["core.note"]), sort: Sort(field: .property(name: "title")))
        for note in notes { say("  \(note.properties["title"]?.string ?? "")  (version \(note.version))") }

        guard let reading = notes.first(where: { $0.properties["title"] == "Reading list" }) else {
            throw MarfaError.invalid(message: "the demo's note did not arrive")
        }
        let rename = try await copy.items.update(
            reading.id, Edit(properties: ["title": "Books to read"], baseVersion: reading.version))
        say("Renamed \"Reading list\" offline: queued \(rename.kind.rawValue) \(rename.id), shown at once")

        try await create("Written elsewhere", through: otherWriter)
        let caughtUp = try await copy.catchUp()
        say("Caught up: \(caughtUp.applied) events applied, head reached: \(caughtUp.reachedHead)")
        let after = try await copy.items.list(ListFilters(types: ["core.note"]), sort: Sort(field: .property(name: "title")))
        for note in after { say("  \(note.properties["title"]?.string ?? "")") }
        await copy.close()

        let reopened = try await WorkingCopy.open(store: store, server: server)
        let queue = try await reopened.queue.all()
        let status = try await reopened.status()
        say("Reopened: \(status.items) items held, \(queue.count) write waiting to be sent, hydration \(status.hydration.rawValue)")
        let drained = try await reopened.queue.drain()
        let verdicts = drained.verdicts.map { "\($0.kind.rawValue) \($0.verdict?.name ?? "unanswered")" }
        say("Drained: \(drained.answered) answered (\(verdicts.joined(separator: ", ")))")
        let sent = try await reopened.items.get(reading.id)
        say("  \(sent?.properties["title"]?.string ?? "")  (version \(sent?.version ?? 0), the instance's answer)")
        let answered = try await reopened.queue.all()
        await reopened.close()
        return [
            "instance": .string(instance.url.absoluteString), "store": .string(store.path),
            "notes": .array(after.rows.map(JSONShapes.item)), "queue": .array(queue.map(JSONShapes.queuedWrite)),
            "status": JSONShapes.status(status), "drain": JSONShapes.drainReport(drained),
            "answered": .array(answered.map(JSONShapes.queuedWrite)),
        ]
    }

    private static func create(_ title: String, through client: InstanceClient) async throws {
        let body: JSONValue = ["type": "core.note", "properties": ["title": .string(title), "body": "…"]]
        let answer = try await client.send("POST", "/items", body: body, idempotencyKey: ItemID.make(), isWrite: true)
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
    }
}
