import Marfa

extension DeviceCommand {
    static let syncCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["hydrate"],
            spec: CommandSpec(
                usage: "hydrate --types a,b --tier library|feed|all [--edge-type E]… --url U --key K",
                summary: "fill the copy with a slice of the instance", options: ["types", "tier", "edge-type"],
                required: ["types", "tier"]),
            createsStore: true, precheck: { arguments in _ = try slice(arguments) },
            talksToInstance: true, stopMode: .beforeNextRequest
        ) { arguments, copy in
            let (types, tier) = try slice(arguments)
            let report = try await copy.hydrate(types: types, tier: tier, edgeTypes: arguments.values("edge-type"))
            return JSONShapes.hydrateReport(report)
        },
        DeviceCommand(
            words: ["pin"],
            spec: CommandSpec(usage: "pin <id> --url U --key K", summary: "hold an item whatever the slice says",
                              positionals: ["id"]),
            createsStore: true, talksToInstance: true
        ) { arguments, copy in
            let report = try await copy.pin(arguments.positional(0))
            return ["id": .string(arguments.positional(0)), "pinned": .bool(report.pinned),
                    "was_pinned": .bool(report.wasPinned)]
        },
        DeviceCommand(
            words: ["unpin"],
            spec: CommandSpec(usage: "unpin <id> --url U --key K", summary: "release a pin", positionals: ["id"])
        ) { arguments, copy in
            let report = try await copy.unpin(arguments.positional(0))
            return ["id": .string(arguments.positional(0)), "pinned": .bool(report.pinned),
                    "was_pinned": .bool(report.wasPinned)]
        },
        DeviceCommand(
            words: ["catch-up"],
            spec: CommandSpec(usage: "catch-up --url U --key K", summary: "replay the log up to its head"),
            talksToInstance: true, stopMode: .endingStreams
        ) { _, copy in
            let report = try await copy.catchUp()
            return [
                "applied": .integer(Int64(report.applied)), "skipped": .integer(Int64(report.skipped)),
                "cursor": report.cursor.map(JSONValue.string) ?? .null, "reached_head": .bool(report.reachedHead),
            ]
        },
    ]

    /// The slice `hydrate` names, refused before the store is opened or the instance asked (WC-8).
    static func slice(_ arguments: ParsedArguments) throws -> (types: [String], tier: SliceTier) {
        let types = try arguments.required("types").split(separator: ",").map(String.init)
        let tierText = try arguments.required("tier")
        guard let tier = SliceTier(rawValue: tierText) else {
            throw MarfaError.validation(code: "validation_error", message: "\"\(tierText)\" is not a slice tier")
        }
        try WorkingCopy.checkSliceTypes(types)
        return (types, tier)
    }
}
