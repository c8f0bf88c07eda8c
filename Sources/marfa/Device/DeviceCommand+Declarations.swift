import Marfa

extension DeviceCommand {
    /// The app's declared types (P-83, Decisions 0092, 0106 and 0115): `declare-types` replaces the whole set with the
    /// definitions of a JSON array (`[]` clears it) and answers what the copy then holds; `declared-types` reads it.
    static let declarationCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["declare-types"],
            spec: CommandSpec(
                usage: "declare-types --definitions <json array of type definitions>",
                summary: "replace the app's declared types", options: ["definitions"], required: ["definitions"]),
            createsStore: true, precheck: { arguments in _ = try definitions(arguments) }
        ) { arguments, copy in
            try await copy.declareTypes(try definitions(arguments))
            return try await declared(copy)
        },
        DeviceCommand(
            words: ["declared-types"],
            spec: CommandSpec(usage: "declared-types", summary: "the app's declared types, in the order declared")
        ) { _, copy in try await declared(copy) },
    ]

    /// Each definition `--definitions` names, as JSON text; refused `invalid` for text that is not a JSON array of
    /// objects, before the store is opened.
    static func definitions(_ arguments: ParsedArguments) throws -> [String] {
        let text = try arguments.required("definitions")
        guard let list = (try? JSONValue(json: text))?.array, list.allSatisfy({ $0.object != nil }) else {
            throw MarfaError.invalid(message: "--definitions must be a JSON array of type definitions")
        }
        return try list.map { try $0.json() }
    }

    /// The declarations the copy holds, each as the JSON object it normalized.
    private static func declared(_ copy: WorkingCopy) async throws -> JSONValue {
        .array(try await copy.declaredTypes().map { try JSONValue(json: $0) })
    }
}
