import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Marfa

/// `marfa items …` against an instance (the tutorial's commands): list, get, create, update, delete, sent straight
/// to the instance at `--url` (or `MARFA_API_URL`) with `--key` (or `MARFA_API_KEY`), no copy involved.
enum ClientCommand {
    static let specs: [String: CommandSpec] = [
        "list": CommandSpec(
            usage: "items list [--type T] [--state S] [--limit n] [--url U] [--key K]", summary: "the instance's items",
            options: ["type", "state", "url", "key"], numbers: ["limit": .count]),
        "get": CommandSpec(
            usage: "items get <id> [--url U] [--key K]", summary: "one item", positionals: ["id"],
            options: ["url", "key"]),
        "create": CommandSpec(
            usage: "items create --type T [--prop k=v]… [--url U] [--key K]", summary: "create an item",
            options: ["type", "prop", "url", "key"], required: ["type"]),
        "update": CommandSpec(
            usage: "items update <id> --version N [--prop k=v]… [--url U] [--key K]",
            summary: "change an item's properties, merged by the instance when the version is old",
            positionals: ["id"], options: ["prop", "url", "key"], numbers: ["version": .version],
            required: ["version"]),
        "delete": CommandSpec(
            usage: "items delete <id> [--version N] [--url U] [--key K]", summary: "move an item to the bin",
            positionals: ["id"], options: ["url", "key"], numbers: ["version": .version]),
    ]

    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        guard let verb = words.first, let spec = specs[verb] else {
            throw UsageError("usage: marfa items list|get|create|update|delete …")
        }
        if words.contains("--help") {
            print("usage: marfa [--json] \(spec.usage)\n\(spec.summary)")
            return 0
        }
        let arguments = try ParsedArguments(words.dropFirst(), spec: spec)
        let server = try server(arguments)
        try await ContractPreflight.check(server, offline: false)
        let client = InstanceClient(server: server)
        let items: [JSONValue]
        switch verb {
        case "list":
            var query = [URLQueryItem(name: "limit", value: String(arguments.wholeNumber("limit") ?? 50))]
            if let type = arguments.value("type") { query.append(URLQueryItem(name: "type", value: type)) }
            if let state = arguments.value("state") { query.append(URLQueryItem(name: "state", value: state)) }
            items = try await client.read("/items", query: query).object?["data"]?.array ?? []
        case "get":
            items = [try await client.read("/items/\(arguments.positional(0))")]
        case "create":
            let body: JSONValue = ["type": .string(try arguments.required("type")),
                                   "properties": .object(try properties(arguments.values("prop")))]
            items = [try await write(client, "POST", "/items", body: body)]
        case "update":
            guard let version = arguments.wholeNumber("version") else { throw UsageError("--version is required") }
            let body: JSONValue = ["version": .integer(version),
                                   "properties": .object(try properties(arguments.values("prop")))]
            items = [try await write(
                client, "PATCH", "/items/\(arguments.positional(0))", query: [URLQueryItem(name: "conflict", value: "auto")],
                body: body)]
        default:
            let version = arguments.wholeNumber("version").map { URLQueryItem(name: "version", value: String($0)) }
            let query = version.map { [$0] } ?? []
            items = [try await write(client, "DELETE", "/items/\(arguments.positional(0))", query: query, body: [:])]
        }
        let rows = items.map { $0.object?["item"] ?? $0 }
        if printer.json {
            printer.answer(verb == "list" ? .array(rows) : rows.first ?? .null)
        } else {
            for row in rows { print(try human(row)) }
        }
        return 0
    }

    /// `id  type  updated  title`, then the properties as indented JSON (seed 002's output).
    private static func human(_ row: JSONValue) throws -> String {
        guard let item = row.object, item["type"] != nil else { return (try? row.json()) ?? "" }
        let properties = item["properties"] ?? [:]
        let title = properties.object?["title"]?.string ?? properties.object?["name"]?.string ?? ""
        let head = [item["id"]?.string ?? "", item["type"]?.string ?? "", item["updated_at"]?.string ?? "", title]
            .joined(separator: "  ")
        let members = properties.object ?? [:]
        let lines = try members.keys.sorted().map { key in
            "  \(try JSONValue.string(key).json()): \(try (members[key] ?? .null).json())"
        }
        let json = lines.isEmpty ? "{}" : "{\n" + lines.joined(separator: ",\n") + "\n}"
        return head + "\n" + json
    }

    private static func write(
        _ client: InstanceClient, _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue
    ) async throws -> JSONValue {
        let answer = try await client.send(
            method, path, query: query, body: body, idempotencyKey: ItemID.make(), isWrite: true)
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        return (try? JSONValue(jsonBytes: answer.body)) ?? .null
    }

    /// `k=v` pairs as properties: a value that reads as JSON is taken as JSON, anything else as text.
    private static func properties(_ pairs: [String]) throws -> JSONObject {
        var properties = JSONObject()
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else { throw UsageError("--prop takes key=value, not \(pair)") }
            let key = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            properties[key] = (try? JSONValue(json: value)) ?? .string(value)
        }
        return properties
    }

    /// The instance at `--url` (or `MARFA_API_URL`) with the key at `--key` (or `MARFA_API_KEY`).
    static func server(_ arguments: ParsedArguments) throws -> Server {
        let environment = ProcessInfo.processInfo.environment
        guard let text = arguments.value("url") ?? environment["MARFA_API_URL"], let url = URL(string: text) else {
            throw UsageError("give the instance with --url or MARFA_API_URL")
        }
        guard let key = arguments.value("key") ?? environment["MARFA_API_KEY"] else {
            throw UsageError("give the key with --key or MARFA_API_KEY")
        }
        return Server(url: url, key: key)
    }
}
