import Foundation
import Marfa

/// `marfa demo`: opens a store in a temporary folder, writes and reads notes, checkpoints, reopens, prints them.
enum DemoCommand {
    static let spec = CommandSpec(usage: "demo [--dir D]", summary: "the working copy, end to end, on this machine",
                                  options: ["dir"])

    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        let arguments = try ParsedArguments(words, spec: spec)
        let folder = arguments.value("dir").map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("marfa-demo-\(ItemID.make())")
        let store = folder.appendingPathComponent("copy")
        let say = { (line: String) in printer.note(line) }
        say("Opening a working copy at \(store.path)")
        let copy = try await WorkingCopy.open(store: store)
        var ids: [String] = []
        for (title, body) in [
            ("Reading list", "Essays first."), ("Groceries", "Milk, eggs, [[Reading list]]."),
            ("Ideas", "A copy that answers every read at once."),
        ] {
            let write = try await copy.items.create(
                Draft(type: "core.note", properties: ["title": .string(title), "body": .string(body)], tags: ["demo"]))
            ids.append(write.itemId ?? "")
            say("Queued \(write.kind.rawValue) for \"\(title)\" (\(write.itemId ?? ""))")
        }
        if let first = try await copy.items.get(ids[0]) {
            _ = try await copy.items.update(
                first.id, Edit(properties: ["title": "Books to read"], baseVersion: first.version))
            say("Renamed \"Reading list\" to \"Books to read\" offline")
        }
        try await copy.checkpoint()
        say("Checkpointed: a snapshot holds the copy and the journal starts afresh")
        await copy.close()
        let reopened = try await WorkingCopy.open(store: store)
        let notes = try await reopened.items.get(ids)
        say("Reopened; the copy holds \(notes.count) notes and \(try await reopened.queue.all().count) queued writes:")
        for note in notes {
            say("  \(note.id)  \(note.properties["title"]?.string ?? "")  tags: \(note.tags.joined(separator: ","))")
        }
        let status = try await reopened.status()
        await reopened.close()
        if printer.json {
            printer.answer(["store": .string(store.path), "items": .array(notes.rows.map(JSONShapes.item)),
                            "status": JSONShapes.status(status)])
        }
        return 0
    }
}
