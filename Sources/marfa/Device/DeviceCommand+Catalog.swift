import Marfa

extension DeviceCommand {
    static let catalogCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["types", "list"], spec: CommandSpec(usage: "types list", summary: "the item types the copy holds")
        ) { _, copy in .array(await copy.catalog.itemTypes().map(JSONShapes.itemType)) },
        DeviceCommand(
            words: ["types", "get"],
            spec: CommandSpec(usage: "types get <id>", summary: "one item type", positionals: ["id"])
        ) { arguments, copy in JSONShapes.itemType(try await copy.catalog.itemType(arguments.positional(0))) },
        DeviceCommand(
            words: ["edge-types", "list"],
            spec: CommandSpec(usage: "edge-types list", summary: "the edge types the copy holds")
        ) { _, copy in .array(await copy.catalog.edgeTypes().map(JSONShapes.edgeType)) },
        DeviceCommand(
            words: ["edge-types", "get"],
            spec: CommandSpec(usage: "edge-types get <id>", summary: "one edge type", positionals: ["id"])
        ) { arguments, copy in JSONShapes.edgeType(try await copy.catalog.edgeType(arguments.positional(0))) },
        DeviceCommand(
            words: ["types", "served"],
            spec: CommandSpec(usage: "types served --url U --key K", summary: "the item types the instance serves now"),
            precheck: requiresServer("the served catalog is read online"), talksToInstance: true
        ) { _, copy in .array(try await copy.catalog.servedItemTypes().map(JSONShapes.itemType)) },
        DeviceCommand(
            words: ["edge-types", "served"],
            spec: CommandSpec(
                usage: "edge-types served --url U --key K", summary: "the edge types the instance serves now"),
            precheck: requiresServer("the served catalog is read online"), talksToInstance: true
        ) { _, copy in .array(try await copy.catalog.servedEdgeTypes().map(JSONShapes.edgeType)) },
    ]
}
