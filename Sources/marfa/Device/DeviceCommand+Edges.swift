import Marfa

extension DeviceCommand {
    static let edgeCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["edges", "create"],
            spec: CommandSpec(
                usage: "edges create --source S --target T --type E --properties <json> [--id ID]",
                summary: "queue an edge", options: ["source", "target", "type", "properties", "id"],
                required: ["source", "target", "type"]),
            createsStore: true
        ) { arguments, copy in
            JSONShapes.queuedWrite(
                try await copy.edges.create(
                    from: try arguments.required("source"), to: try arguments.required("target"),
                    type: try arguments.required("type"), properties: try properties(arguments.value("properties")),
                    id: arguments.value("id")))
        },
        DeviceCommand(
            words: ["edges", "update"],
            spec: CommandSpec(
                usage: "edges update <id> --properties <json> [--version N] [--source S] [--target T]",
                summary: "queue an edge edit (null when it changes nothing)", positionals: ["id"],
                options: ["properties", "source", "target"], numbers: ["version": .version]),
            createsStore: true
        ) { arguments, copy in
            let id = arguments.positional(0)
            guard let held = try await copy.edges.get(id) else {
                throw MarfaError.notFound(code: "not_held", message: "the copy does not hold edge \(id)")
            }
            var move: EdgeEdit.Move?
            if let source = arguments.value("source") { move = .source(source) }
            if let target = arguments.value("target") {
                guard move == nil else { throw MarfaError.invalid(message: "move one end at a time") }
                move = .target(target)
            }
            let edit = EdgeEdit(
                try properties(arguments.value("properties")),
                baseVersion: arguments.wholeNumber("version") ?? held.version, move: move)
            return try await copy.edges.update(id, edit).map(JSONShapes.queuedWrite) ?? .null
        },
        DeviceCommand(
            words: ["edges", "delete"],
            spec: CommandSpec(usage: "edges delete <id>", summary: "queue an edge removed", positionals: ["id"]),
            createsStore: true
        ) { arguments, copy in JSONShapes.queuedWrite(try await copy.edges.delete(arguments.positional(0))) },
        DeviceCommand(
            words: ["edges", "list"],
            spec: CommandSpec(usage: "edges list <item>", summary: "edges from an item", positionals: ["item"]),
            readsRows: true
        ) { arguments, copy in .array(try await copy.edges.from(arguments.positional(0)).map(JSONShapes.edge)) },
        DeviceCommand(
            words: ["edges", "to"],
            spec: CommandSpec(usage: "edges to <item>", summary: "edges pointing at an item", positionals: ["item"]),
            readsRows: true
        ) { arguments, copy in .array(try await copy.edges.to(arguments.positional(0)).map(JSONShapes.edge)) },
    ]
}
