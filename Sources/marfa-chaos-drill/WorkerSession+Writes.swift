import Marfa

extension WorkerSession {
    /// Queues one write of `command`'s kind on a target `pick` chooses; nil when the copy holds nothing to write to.
    func write(_ command: CopyCommand, pick: Int) async throws -> QueuedWrite? {
        let notes = try await heldNotes()
        let live = notes.filter { $0.state != .trashed }
        func chosen(_ rows: [Item]) -> Item? { rows.isEmpty ? nil : rows[pick % rows.count] }
        let text = JSONValue.string("c\(pick)")
        switch command {
        case .create:
            return try await copy.items.create(
                Draft(type: Self.sliceType, properties: ["title": text, "body": .string("body \(pick)")]))
        case .editOwnCreate:
            let waiting = try await copy.queue.all().filter { $0.kind == .createItem && $0.verdict == nil }
            guard !waiting.isEmpty, let id = waiting[pick % waiting.count].itemId else {
                return try await write(.create, pick: pick)
            }
            return try await copy.items.update(id, Edit(properties: [field(pick): text], baseVersion: 0))
        case .edit:
            guard let row = chosen(live) else { return nil }
            return try await copy.items.update(row.id, Edit(properties: [field(pick): text], baseVersion: row.version))
        case .edge:
            guard live.count > 1, let source = chosen(live) else { return nil }
            let target = live[(pick / 7 + 1) % live.count]
            guard target.id != source.id else { return nil }
            return try await copy.edges.create(
                from: source.id, to: target.id, type: "references", properties: ["w": .integer(Int64(pick % 100))])
        case .edgeEdit, .edgeDelete:
            var edges: [Edge] = []
            for row in live { edges += try await copy.edges.from(row.id).filter { $0.edgeType == "references" } }
            guard !edges.isEmpty else { return nil }
            let edge = edges[pick % edges.count]
            if command == .edgeDelete { return try await copy.edges.delete(edge.id) }
            return try await copy.edges.update(
                edge.id, EdgeEdit(["w": .integer(Int64(pick % 100))], baseVersion: edge.version))
        case .tag:
            guard let row = chosen(live) else { return nil }
            if pick % 3 == 0 {
                return try await copy.metadata.mergeTags(["t\(pick % 4)", "m\(pick % 2)"], into: row.id)
            }
            return try await copy.tags.add("t\(pick % 4)", to: row.id)
        case .untag:
            let tagged = live.filter { !$0.tags.isEmpty }
            guard let row = chosen(tagged) else { return nil }
            let tag = row.tags[pick % row.tags.count]
            if pick % 3 == 0 {
                return try await copy.metadata.replaceTags(of: row.id, with: row.tags.filter { $0 != tag })
            }
            return try await copy.tags.remove(tag, from: row.id)
        case .bin:
            guard let row = chosen(live) else { return nil }
            return try await copy.items.delete(row.id)
        case .restore:
            guard let row = chosen(notes.filter { $0.state == .trashed }) else { return nil }
            return try await copy.items.restore(row.id)
        case .archive:
            guard let row = chosen(live) else { return nil }
            return try await copy.items.transition(row.id, to: row.state == .archived ? .active : .archived)
        case .writeExtension:
            guard let row = chosen(live) else { return nil }
            return try await copy.extensions.write("chaos", ["n": .integer(Int64(pick))], on: row.id)
        case .pin, .unpin, .drain, .catchUp, .followOn, .followOff:
            return nil
        }
    }

    private func field(_ pick: Int) -> String {
        pick % 2 == 0 ? "title" : "body"
    }
}
