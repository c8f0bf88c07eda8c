import Marfa

extension DeviceCommand {
    /// `body-links <id>…` (F009, F099, Decisions 0091, 0111 and 0115): the links and file embeds in each named item's
    /// saved body, one row each with what it names, read from the copy alone. An id the copy does not show is left
    /// out; a body with neither gives no row.
    static let linkCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["body-links"],
            spec: CommandSpec(
                usage: "body-links <id> [<id>…]",
                summary: "the links and embeds in items' bodies and what each names",
                positionals: ["id"], takesMorePositionals: true),
            readsRows: true
        ) { arguments, copy in
            let ids = arguments.positionals
            let found = try await copy.items.links(in: ids)
            var named: Set<String> = []
            return .array(ids.filter { named.insert($0).inserted }.flatMap { id -> [JSONValue] in
                guard let body = found[id] else { return [] }
                return body.links.map { bodyName($0, kind: "link", in: id) }
                    + body.embeds.map { bodyName($0, kind: "embed", in: id) }
            })
        },
    ]

    /// One link or embed of item `id`'s body: as written, the name it is read as, and what it names (`item` with
    /// `target_id`, `pending`, `missing`, `ambiguous`, or `refused` with `reason`).
    static func bodyName(_ name: BodyName, kind: String, in id: String) -> JSONValue {
        var targetId: String?
        var reason: String?
        let target: String
        switch name.target {
        case .item(let id): (target, targetId) = ("item", id)
        case .pending: target = "pending"
        case .missing: target = "missing"
        case .ambiguous: target = "ambiguous"
        case .refused(let why): (target, reason) = ("refused", why)
        }
        return ["item_id": .string(id), "kind": .string(kind), "text": .string(name.text), "name": .string(name.name),
                "target": .string(target), "target_id": JSONShapes.text(targetId), "reason": JSONShapes.text(reason)]
    }
}
