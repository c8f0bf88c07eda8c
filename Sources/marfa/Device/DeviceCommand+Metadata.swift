import Marfa

extension DeviceCommand {
    static let metadataCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["tags", "add"],
            spec: CommandSpec(usage: "tags add <id> <tag>", summary: "queue a tag added", positionals: ["id", "tag"]),
            createsStore: true
        ) { arguments, copy in
            JSONShapes.queuedWrite(try await copy.tags.add(arguments.positional(1), to: arguments.positional(0)))
        },
        DeviceCommand(
            words: ["tags", "remove"],
            spec: CommandSpec(
                usage: "tags remove <id> <tag>", summary: "queue a tag removed", positionals: ["id", "tag"]),
            createsStore: true
        ) { arguments, copy in
            JSONShapes.queuedWrite(try await copy.tags.remove(arguments.positional(1), from: arguments.positional(0)))
        },
        DeviceCommand(
            words: ["metadata", "replace"],
            spec: CommandSpec(
                usage: "metadata replace <id> --tag t…", summary: "queue every tag replaced", positionals: ["id"],
                options: ["tag"]),
            createsStore: true
        ) { arguments, copy in
            JSONShapes.queuedWrite(
                try await copy.metadata.replaceTags(of: arguments.positional(0), with: arguments.values("tag")))
        },
        DeviceCommand(
            words: ["metadata", "merge"],
            spec: CommandSpec(
                usage: "metadata merge <id> --tag t…", summary: "queue tags merged in", positionals: ["id"],
                options: ["tag"]),
            createsStore: true
        ) { arguments, copy in
            JSONShapes.queuedWrite(
                try await copy.metadata.mergeTags(arguments.values("tag"), into: arguments.positional(0)))
        },
        DeviceCommand(
            words: ["extensions", "write"],
            spec: CommandSpec(
                usage: "extensions write <id> <ns> --body <json>", summary: "queue an extension written",
                positionals: ["id", "ns"], options: ["body"], required: ["body"]),
            createsStore: true
        ) { arguments, copy in
            let body = try properties(try arguments.required("body"))
            return JSONShapes.queuedWrite(
                try await copy.extensions.write(arguments.positional(1), body, on: arguments.positional(0)))
        },
        DeviceCommand(
            words: ["extensions", "delete"],
            spec: CommandSpec(
                usage: "extensions delete <id> <ns>", summary: "queue an extension removed", positionals: ["id", "ns"]),
            createsStore: true
        ) { arguments, copy in
            JSONShapes.queuedWrite(
                try await copy.extensions.delete(arguments.positional(1), from: arguments.positional(0)))
        },
    ]
}
