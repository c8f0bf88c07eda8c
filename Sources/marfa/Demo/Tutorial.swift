import Foundation
import Marfa

/// Seed 002, "Edit and find notes in a Swift app", played end to end against a loopback instance: each step does what
/// the page does through the public SDK and prints one line saying what happened.
struct Tutorial {
    /// The instance as it runs now; the tutorial stops it and starts it again on the same port.
    private(set) var instance: LoopbackInstance
    let store: URL
    let say: (String) -> Void
    /// Each step's name and line, in order, and what the steps found, for `--json`.
    private(set) var steps: [JSONValue] = []
    private(set) var found: JSONObject = [:]

    init(instance: LoopbackInstance, store: URL, say: @escaping (String) -> Void) {
        self.instance = instance
        self.store = store
        self.say = say
    }

    private var server: Server { Server(url: instance.url, key: instance.key) }
    private var otherWriter: OtherWriter { OtherWriter(client: InstanceClient(server: server)) }

    private mutating func step(_ name: String, _ line: String) {
        say(line)
        steps.append(["step": .string(name), "line": .string(line)])
    }

    /// Runs every step of the page in order.
    mutating func run() async throws {
        var copy = try await WorkingCopy.open(store: store, server: server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let (bleak, middlemarch) = try await createNotes(in: copy)
        try await renameMiddlemarch(middlemarch, in: copy)
        try await checkLinks(of: bleak, in: copy)
        try await search(in: copy)
        try await find("Bleak", in: copy)
        copy = try await renameOffline(bleak, closing: copy)
        try await reconnect(bleak, in: copy)
        try await conflict(on: middlemarch, in: copy)
        await copy.close()
    }

    /// Step 1: the Reading List notes the page uses, made in the copy and sent (seed 002 line 8).
    private mutating func createNotes(in copy: WorkingCopy) async throws -> (String, String) {
        var ids: [String] = []
        for title in ["Bleak House", "Middlemarch"] {
            let write = try await copy.items.create(
                Draft(type: "core.note", properties: ["title": .string(title), "body": ""]))
            guard let id = write.itemId else { throw MarfaError.invalid(message: "the create named no item") }
            ids.append(id)
        }
        let report = try await copy.queue.drain()
        let verdicts = report.verdicts.map { $0.verdict?.name ?? "unanswered" }
        let sent = verdicts.joined(separator: ", ")
        step("create", "1. Created Bleak House and Middlemarch in the copy; the drain sent both: \(sent)")
        found["notes"] = .array(ids.map(JSONValue.string))
        return (ids[0], ids[1])
    }

    /// Step 1b: "Rename a note" (seed 002 line 45): the edit carries the version read, and Changes shows Sent.
    private mutating func renameMiddlemarch(_ id: String, in copy: WorkingCopy) async throws {
        let note = try await held(id, in: copy)
        try await copy.items.update(
            id, Edit(properties: ["title": "Middlemarch, by George Eliot"], baseVersion: note.version))
        let report = try await copy.queue.drain()
        let verdict = report.verdicts.last?.verdict?.name ?? "unanswered"
        let shown = verdict == "accepted" ? "Sent" : verdict
        step("rename", "   Renamed Middlemarch to \"Middlemarch, by George Eliot\": \(shown) (\(verdict))")
    }

    /// Step 2: "Check links as you type" (seed 002 line 143): each link moves from pending to what the lookup answers.
    private mutating func checkLinks(of id: String, in copy: WorkingCopy) async throws {
        let note = try await held(id, in: copy)
        try await copy.items.update(
            id, Edit(properties: ["body": "Compare [[Middlemarch, by George Eliot]] and [[Persuasion]]."],
                     baseVersion: note.version))
        let before = try await copy.items.links(in: id).links
        _ = try await copy.queue.drain()
        let after = try await copy.items.links(in: id).links
        var links: [JSONValue] = []
        for (was, now) in zip(before, after) {
            let (from, to) = (Self.describe(was.target), Self.describe(now.target))
            step("link", "2. Link [[\(now.name)]] in Bleak House: \(from) -> \(to)")
            links.append(["name": .string(now.name), "before": .string(from), "after": .string(to)])
        }
        let edges = try await copy.edges.from(id).filter { $0.edgeType == "references" }
        found["links"] = .array(links)
        found["references"] = .array(edges.map { .string($0.targetId) })
    }

    /// Step 3: full-text search with snippets (seed 000 line 36).
    private mutating func search(in copy: WorkingCopy) async throws {
        let hits = try await copy.search("eliot")
        for hit in hits {
            let score = String(format: "%.3g", hit.score)
            step("search", "3. Search \"eliot\": \(hit.item.title ?? "Untitled")  \(hit.snippet)  score \(score)")
        }
        found["search"] = .array(hits.map { ["id": .string($0.item.id), "snippet": .string($0.snippet)] })
    }

    /// Step 4: "Find notes by title" (seed 002 line 150): a typed filter the core writes, and the list it selects.
    private mutating func find(_ text: String, in copy: WorkingCopy) async throws {
        var filters = ListFilters(types: ["core.note"])
        let title = FilterCondition(field: .property("title"), operator: .contains, value: .text(text))
        let encoded = try FilterExpression(conditions: [title]).encoded()
        filters.filter = encoded
        let titles = try await copy.items.list(filters).map { $0.title ?? "Untitled" }
        step("filter", "4. Filter encoded() = \(encoded) lists: \(titles.joined(separator: ", "))")
        found["filter"] = .string(encoded)
        found["filtered"] = .array(titles.map(JSONValue.string))
    }

    /// Step 5: "See a verdict" (seed 002 line 49): the server stops, the rename waits in the queue through a quit,
    /// and another device changes the same note's title.
    private mutating func renameOffline(_ id: String, closing copy: WorkingCopy) async throws -> WorkingCopy {
        let port = instance.url.port ?? 0
        await instance.stop()
        let note = try await held(id, in: copy)
        try await copy.items.update(
            id, Edit(properties: ["title": "Bleak House, by Dickens"], baseVersion: note.version))
        await copy.close()
        instance = try await LoopbackInstance.start(
            dataDirectory: instance.dataDirectory, port: port, key: instance.key)
        let version = try await otherWriter.version(of: id)
        try await otherWriter.update(id, version: version, properties: ["title": "Changed elsewhere"])
        let reopened = try await WorkingCopy.open(store: store, server: server)
        let waiting = try await reopened.queue.all().filter(\.isUnanswered).count
        step(
            "offline",
            "5. Renamed Bleak House to \"Bleak House, by Dickens\" with the server stopped; after a quit \(waiting) "
                + "write waits, and another device titled it \"Changed elsewhere\"")
        return reopened
    }

    /// Step 6: the app catches up and sends the rename; the verdict is `merged` (seed 002 line 67, F103).
    private mutating func reconnect(_ id: String, in copy: WorkingCopy) async throws {
        _ = try await copy.catchUp()
        let report = try await copy.queue.drain()
        let verdict = report.verdicts.last?.verdict
        let title = try await copy.items.get(id)?.title ?? "Untitled"
        var fields: [String] = []
        if case .merged(let merged)? = verdict { fields = merged }
        let named = fields.joined(separator: ", ")
        step(
            "verdict",
            "6. Reconnected: the rename came back \(verdict?.name ?? "unanswered") (fields: \(named)); "
                + "the note keeps \"\(title)\"")
        found["verdict"] = ["verdict": .string(verdict?.name ?? "unanswered"),
                            "fields": .array(fields.map(JSONValue.string)), "title": .string(title)]
    }

    /// Step 7: both change the text, so the instance keeps both, yours in a conflicted copy (seed 002 line 67, F104).
    private mutating func conflict(on id: String, in copy: WorkingCopy) async throws {
        let note = try await held(id, in: copy)
        try await copy.items.update(id, Edit(properties: ["body": "My notes on Dorothea."], baseVersion: note.version))
        try await otherWriter.update(id, version: note.version, properties: ["body": "Their notes on Lydgate."])
        let report = try await copy.queue.drain()
        _ = try await copy.catchUp()
        let copies = try await copy.items.conflictedCopies(of: id)
        let kept = try await copy.items.get(id)?.body ?? ""
        guard case .conflicted(let sibling, let fields)? = report.verdicts.last?.verdict, let conflicted = copies.first
        else {
            throw MarfaError.invalid(message: "the body edit was not conflicted: \(report.verdicts)")
        }
        let original = try await copy.items.original(ofConflictedCopy: sibling)
        let back = original == id ? "Middlemarch" : original ?? "nothing"
        step(
            "conflict",
            "7. Both changed Middlemarch's text: conflicted (fields: \(fields.joined(separator: ", "))); "
                + "the note keeps \"\(kept)\", conflicted copy \(conflicted.id) holds \"\(conflicted.body ?? "")\" "
                + "and leads back to \(back)")
        found["conflict"] = [
            "sibling": .string(sibling), "kept": .string(kept), "copy_body": .string(conflicted.body ?? ""),
            "original": original.map(JSONValue.string) ?? .null,
        ]
    }

    private func held(_ id: String, in copy: WorkingCopy) async throws -> Item {
        guard let note = try await copy.items.get(id) else {
            throw MarfaError.invalid(message: "the copy does not show note \(id)")
        }
        return note
    }

    /// A link's state as the tutorial names it: pending, resolved, missing, ambiguous or refused.
    static func describe(_ target: BodyTarget) -> String {
        switch target {
        case .item: return "resolved"
        case .pending: return "pending"
        case .missing: return "missing"
        case .ambiguous: return "ambiguous"
        case .refused(let reason): return "refused (\(reason))"
        }
    }
}
