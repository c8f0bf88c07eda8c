import Marfa

/// `marfa status --url U`: which server answers there and whether it speaks this build's contract (P-17; issue 28
/// point 3, Decision 0089). Only the root is read, without the key, so it answers even on another contract.
enum StatusCommand {
    static let spec = CommandSpec(
        usage: "status [--url U] [--key K]", summary: "the server's root: its instance and the contract it serves",
        options: ["url", "key"])

    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        if words.contains("--help") {
            print("usage: marfa [--json] \(spec.usage)\n\(spec.summary)")
            return 0
        }
        let server = try ClientCommand.server(try ParsedArguments(words, spec: spec))
        let contract = try await RootContract.read(InstanceClient(server: server))
        printer.answer([
            "server": .string(server.url.absoluteString),
            "contract": ["served": contract.served.map(served) ?? .null, "built_for": served(RootContract.builtFor)],
            // The instance protocol names no statistics door; the member is kept for the suite's readers.
            "stats": .null,
        ])
        return 0
    }

    /// A contract as the root words it: a whole number where it is one.
    private static func served(_ text: String) -> JSONValue {
        Int64(text).map(JSONValue.integer) ?? .string(text)
    }
}
