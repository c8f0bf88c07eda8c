import Foundation
import Marfa

extension DeviceCommand {
    static let itemCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["search"],
            spec: CommandSpec(
                usage: "search <query> [--state S]… [--all-states] [--type T]… [--tag t]… [--filter expr] "
                    + "[--beneath id] [--limit n]",
                summary: "search names, text and tags, best match first", positionals: ["query"],
                options: ["state", "type", "tag", "filter", "beneath", "tier"], numbers: ["limit": .count],
                flags: ["all-states"]),
            readsRows: true
        ) { arguments, copy in
            let list = try listFilters(arguments)
            let filters = SearchFilters(
                types: list.types, states: list.states, allStates: list.allStates, tier: list.tier, tags: list.tags,
                filter: list.filter, beneath: list.beneath)
            let hits = try await copy.search(
                arguments.positional(0), filters: filters, limit: Int(arguments.wholeNumber("limit") ?? 20))
            return .array(hits.rows.map { hit in
                ["item": JSONShapes.item(hit.item), "score": .number(hit.score), "snippet": .string(hit.snippet)]
            })
        },
        DeviceCommand(
            words: ["items", "list"],
            spec: CommandSpec(
                usage: "items list [--type T]… [--state S]… [--all-states] [--occurred-after I] [--occurred-before I] "
                    + "[--tier T] [--tag t]… [--limit n] [--filter expr] [--beneath id]",
                summary: "the items a filter selects",
                options: ["type", "state", "occurred-after", "occurred-before", "tier", "tag", "filter", "beneath",
                          "source"],
                numbers: ["limit": .count, "offset": .count], flags: ["all-states"]),
            readsRows: true
        ) { arguments, copy in
            .array(try await copy.items.list(try listFilters(arguments)).rows.map(JSONShapes.item))
        },
        DeviceCommand(
            words: ["items", "get"],
            spec: CommandSpec(usage: "items get <id>", summary: "one item", positionals: ["id"]),
            readsRows: true
        ) { arguments, copy in
            guard let item = try await copy.items.get(arguments.positional(0)) else {
                // A row the copy does not hold, whatever the instance holds (issue 28 point 11, Decision 0090).
                throw MarfaError.notFound(code: "not_held", message: "the copy holds no item \(arguments.positional(0))")
            }
            return JSONShapes.item(item)
        },
        DeviceCommand(
            words: ["items", "create"],
            spec: CommandSpec(
                usage: "items create --type T --properties <json> [--tag t]… [--tier T] [--source S] [--source-id K] "
                    + "[--occurred-at I] [--id ID] [--version N]",
                summary: "queue a create",
                options: ["type", "properties", "tag", "tier", "source", "source-id", "occurred-at", "id"],
                numbers: ["version": .version], required: ["type"]),
            createsStore: true
        ) { arguments, copy in
            let draft = Draft(
                type: try arguments.required("type"), properties: try properties(arguments.value("properties")),
                tags: arguments.values("tag"), tier: try tier(arguments.value("tier")), id: arguments.value("id"),
                source: arguments.value("source"), sourceId: arguments.value("source-id"),
                occurredAt: arguments.value("occurred-at"), baseVersion: arguments.wholeNumber("version"))
            return JSONShapes.queuedWrite(try await copy.items.create(draft))
        },
        DeviceCommand(
            words: ["items", "update"],
            spec: CommandSpec(
                usage: "items update <id> --properties <json> [--version N] [--as-read] [--type T] [--tier T] [--replace]",
                summary: "queue an edit", positionals: ["id"], options: ["properties", "type", "tier"],
                numbers: ["version": .version], flags: ["as-read", "replace"]),
            createsStore: true
        ) { arguments, copy in
            let id = arguments.positional(0)
            // An edit names the version it was made on; the device never guesses it (V-20, Decision 0088).
            guard let base = arguments.wholeNumber("version") else {
                throw MarfaError.invalid(message: "an update names the version it is based on: --version N")
            }
            let edit = Edit(
                properties: try properties(arguments.value("properties")),
                replaceProperties: arguments.flag("replace"), baseVersion: base, type: arguments.value("type"),
                tier: try tier(arguments.value("tier")))
            let write = arguments.flag("as-read")
                ? try await copy.items.updateAsRead(id, edit) : try await copy.items.update(id, edit)
            return JSONShapes.queuedWrite(write)
        },
        DeviceCommand(
            words: ["items", "delete"],
            spec: CommandSpec(usage: "items delete <id>", summary: "queue a move to the bin", positionals: ["id"]),
            createsStore: true
        ) { arguments, copy in JSONShapes.queuedWrite(try await copy.items.delete(arguments.positional(0))) },
        DeviceCommand(
            words: ["items", "restore"],
            spec: CommandSpec(usage: "items restore <id>", summary: "queue a restore", positionals: ["id"]),
            createsStore: true
        ) { arguments, copy in JSONShapes.queuedWrite(try await copy.items.restore(arguments.positional(0))) },
        DeviceCommand(
            words: ["items", "transition"],
            spec: CommandSpec(
                usage: "items transition <id> --state S", summary: "queue a change of state", positionals: ["id"],
                options: ["state"], required: ["state"]),
            createsStore: true
        ) { arguments, copy in
            let text = try arguments.required("state")
            guard let state = ItemState(rawValue: text) else {
                throw MarfaError.validation(code: "validation_error", message: "\"\(text)\" is not a state")
            }
            return JSONShapes.queuedWrite(try await copy.items.transition(arguments.positional(0), to: state))
        },
    ]

    /// The list filters named on a command line.
    static func listFilters(_ arguments: ParsedArguments) throws -> ListFilters {
        let types = arguments.values("type").flatMap { $0.split(separator: ",").map(String.init) }
        var states: Set<ItemState>?
        for text in arguments.values("state") {
            guard let state = ItemState(rawValue: text) else {
                throw MarfaError.validation(code: "validation_error", message: "\"\(text)\" is not a state")
            }
            states = (states ?? []).union([state])
        }
        return ListFilters(
            types: types.isEmpty ? nil : Set(types), states: states, allStates: arguments.flag("all-states"),
            tier: try tier(arguments.value("tier")), tags: arguments.values("tag"),
            occurredAfter: arguments.value("occurred-after"), occurredBefore: arguments.value("occurred-before"),
            source: arguments.value("source"), filter: arguments.value("filter"), beneath: arguments.value("beneath"),
            limit: arguments.wholeNumber("limit").map { UInt32(clamping: $0) },
            offset: arguments.wholeNumber("offset").map { UInt32(clamping: $0) })
    }

    /// Reads `--properties` as a JSON object; malformed JSON or another kind of value throws `invalid`.
    static func properties(_ text: String?) throws -> JSONObject {
        guard let text else { return [:] }
        guard let object = try JSONValue(json: text).object else {
            throw MarfaError.invalid(message: "--properties must be a JSON object")
        }
        return object
    }

    static func tier(_ text: String?) throws -> Tier? {
        guard let text else { return nil }
        guard let tier = Tier(rawValue: text) else {
            throw MarfaError.validation(code: "validation_error", message: "\"\(text)\" is not a tier")
        }
        return tier
    }
}
