import Foundation
import Marfa

extension DeviceCommand {
    static let catalogCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["types", "list"], spec: CommandSpec(usage: "types list", summary: "the item types the copy holds")
        ) { _, copy in .array(try await copy.catalog.itemTypes().map(encoded)) },
        DeviceCommand(
            words: ["types", "get"],
            spec: CommandSpec(usage: "types get <id>", summary: "one item type", positionals: ["id"])
        ) { arguments, copy in try encoded(try await copy.catalog.itemType(arguments.positional(0))) },
        DeviceCommand(
            words: ["edge-types", "list"],
            spec: CommandSpec(usage: "edge-types list", summary: "the edge types the copy holds")
        ) { _, copy in .array(try await copy.catalog.edgeTypes().map(encoded)) },
        DeviceCommand(
            words: ["edge-types", "get"],
            spec: CommandSpec(usage: "edge-types get <id>", summary: "one edge type", positionals: ["id"])
        ) { arguments, copy in try encoded(try await copy.catalog.edgeType(arguments.positional(0))) },
    ]

    /// A catalog record in its wire shape (snake_case, as the instance serves it).
    private static func encoded(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(jsonBytes: Array(JSONEncoder().encode(value)))
    }
}
