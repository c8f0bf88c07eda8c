import Marfa

/// The second writer: edits on the instance, straight over HTTP with the operator key, to the same rows and fields
/// the copy writes, so the copy's writes merge, conflict and get refused. Its idempotency keys start `w2-`.
struct SecondWriter {
    let link: InstanceLink
    let seed: UInt64

    /// The prefix of every key this writer sends.
    static let keyPrefix = "w2-"

    /// Makes the rows a run starts from: notes in the slice and tasks outside it for the copy to pin; answers the
    /// tasks' ids.
    func prepare() async throws -> [String] {
        for index in 0..<4 {
            _ = try await create(type: "core.note", title: "seeded \(index)", key: key("note\(index)"))
        }
        var tasks: [String] = []
        for index in 0..<2 {
            tasks.append(try await create(type: "core.task", title: "task \(index)", key: key("task\(index)")))
        }
        return tasks
    }

    /// The idempotency key of one of this writer's writes in this run.
    private func key(_ name: String) -> String {
        "\(Self.keyPrefix)\(seed)-\(name)"
    }

    private func create(type: String, title: String, key: String) async throws -> String {
        let body: JSONValue = ["type": .string(type), "properties": ["title": .string(title), "body": "seeded"]]
        guard let answer = await link.write("POST", "/items", body: body, key: key), answer.status == 201,
            let id = answer.body.object?["item"]?.object?["id"]?.string
        else { throw DrillFailure("the second writer could not seed \(type)") }
        return id
    }

    /// Performs one edit as step `step` of the schedule; answers what it did, for the run's trace.
    func perform(_ edit: WriterEdit, pick: Int, step: Int) async -> String {
        let key = key("\(step)")
        guard let rows = await link.listing("/items?type=core.note&state=any&tier=all&include=metadata&limit=200")
        else { return "no listing" }
        let items = rows.compactMap { ($0.object?["item"] ?? $0).object }
        let live = items.filter { $0["state"]?.string != "trashed" }
        func chosen(_ rows: [JSONObject]) -> (id: String, version: Int64)? {
            guard !rows.isEmpty, let id = rows[pick % rows.count]["id"]?.string else { return nil }
            return (id, rows[pick % rows.count]["version"]?.integer ?? 1)
        }
        let text = JSONValue.string("w\(pick)")
        var answer: InstanceLink.Answer?
        switch edit {
        case .retitle, .rebody, .staleEdit:
            guard let (id, version) = chosen(live) else { return "nothing" }
            let field = edit == .retitle || (edit == .staleEdit && pick % 2 == 0) ? "title" : "body"
            let base = edit == .staleEdit ? max(1, version - 1) : version
            answer = await link.write(
                "PATCH", "/items/\(id)?conflict=auto", body: ["version": .integer(base), "properties": [field: text]],
                key: key)
        case .tag:
            guard let (id, _) = chosen(live) else { return "nothing" }
            answer = await link.write("POST", "/items/\(id)/tags", body: ["tags": [.string("t\(pick % 4)")]], key: key)
        case .untag:
            guard let (id, _) = chosen(live) else { return "nothing" }
            answer = await link.write("DELETE", "/items/\(id)/tags/t\(pick % 4)", body: nil, key: key)
        case .edgeEdit:
            guard let (id, _) = chosen(live),
                let edges = await link.listing("/items/\(id)/edges?limit=200"), !edges.isEmpty,
                let edge = edges[pick % edges.count].object, let edgeId = edge["id"]?.string
            else { return "nothing" }
            answer = await link.write(
                "PATCH", "/edges/\(edgeId)",
                body: ["version": edge["version"] ?? 1, "properties": ["w": .integer(Int64(pick % 100))]], key: key)
        case .bin:
            guard let (id, version) = chosen(live) else { return "nothing" }
            answer = await link.write("DELETE", "/items/\(id)?version=\(version)", body: nil, key: key)
        case .restore:
            guard let (id, _) = chosen(items.filter { $0["state"]?.string == "trashed" }) else { return "nothing" }
            answer = await link.write("POST", "/items/\(id)/restore", body: [:], key: key)
        case .create:
            let body: JSONValue = ["type": "core.note", "properties": ["title": text, "body": "theirs"]]
            answer = await link.write("POST", "/items", body: body, key: key)
        }
        return answer.map { "\($0.status)" } ?? "no answer"
    }
}
