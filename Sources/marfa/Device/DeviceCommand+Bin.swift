import Marfa

extension DeviceCommand {
    /// The two online-only item commands (seed 000 lines 121–126, F063–F065, Decisions 0093 and 0115): `bin` reads
    /// the instance's whole bin a page at a time, `purge` destroys a binned item there now. Neither is queued, and
    /// each is refused `no_server` without `--url` before the store is opened.
    static let binCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["bin"],
            spec: CommandSpec(
                usage: "bin [--type T] [--after cursor] [--limit n] --url U --key K",
                summary: "one page of the instance's bin, newest change first (online)",
                options: ["type", "after"], numbers: ["limit": .count]),
            precheck: requiresServer("the bin is read online"), talksToInstance: true
        ) { arguments, copy in
            let page = try await copy.items.bin(
                type: arguments.value("type"), after: arguments.value("after"),
                limit: Int(arguments.wholeNumber("limit") ?? 50))
            return ["items": .array(page.items.map(JSONShapes.item)), "next_cursor": JSONShapes.text(page.nextCursor)]
        },
        DeviceCommand(
            words: ["purge"],
            spec: CommandSpec(
                usage: "purge <id> [--version N] --url U --key K",
                summary: "destroy an item in the bin on the instance now (online, never queued)", positionals: ["id"],
                numbers: ["version": .version]),
            precheck: requiresServer("a purge is sent to the instance"), talksToInstance: true
        ) { arguments, copy in
            let id = arguments.positional(0)
            try await copy.items.purge(id, version: arguments.wholeNumber("version"))
            return ["id": .string(id), "purged": true]
        },
    ]

    /// A precheck refusing `no_server` when the command line names no `--url`, before the store is opened.
    static func requiresServer(_ message: String) -> @Sendable (ParsedArguments) throws -> Void {
        { arguments in
            guard arguments.value("url") != nil else { throw MarfaError.noServer(message: message) }
        }
    }
}
