import Marfa

/// One operation of `marfa device --db <store> …`: its words, what it accepts, and what it does to a copy.
struct DeviceCommand: Sendable {
    /// The words that name the operation, such as `["items", "create"]`.
    var words: [String]
    /// What the operation accepts.
    var spec: CommandSpec
    /// Whether the operation makes the store when its path holds none: a hydration, a pin and the writes do; any
    /// other operation there is refused `no_store` and creates nothing (issue 26 point 5).
    var createsStore = false
    /// How an answer ends besides being printed: nil for exit 0, or an exit code and the refusal printed on
    /// standard error beside the answer (a drain a refused key stopped exits 5).
    var ending: @Sendable (JSONValue) -> (exit: Int32, error: MarfaError)? = { _ in nil }
    /// Refuses arguments the operation can judge alone, before the store is opened or anything is sent.
    var precheck: @Sendable (ParsedArguments) throws -> Void = { _ in }
    /// Whether the operation reads rows, and so is refused until a hydration completes (WC-4).
    var readsRows = false
    /// Whether the operation always opens a reading handle, never claiming the writer role (WC-3).
    var opensAsReader = false
    /// Whether the operation talks to the instance, and so first reads its root's contract (Decision 0089).
    var talksToInstance = false
    /// How Ctrl-C stops the operation (Decision 0090).
    var stopMode = StopMode.notStoppable
    /// Runs the operation on an open copy and answers its JSON shape.
    var run: @Sendable (ParsedArguments, WorkingCopy) async throws -> JSONValue

    /// Options every device operation takes: the server it may talk to.
    static let serverOptions: Set<String> = ["url", "key"]
}

extension DeviceCommand {
    /// Every device operation this build offers.
    static let all: [DeviceCommand] = itemCommands + edgeCommands + metadataCommands + syncCommands + queueCommands
        + catalogCommands + binCommands + linkCommands + declarationCommands + [followCommand, changesCommand] + [
        DeviceCommand(
            words: ["status"], spec: CommandSpec(usage: "status", summary: "what the store holds and its state")
        ) { _, copy in JSONShapes.status(try await copy.status()) },
        DeviceCommand(
            words: ["queue"], spec: CommandSpec(usage: "queue", summary: "every queued write in send order")
        ) { _, copy in .array(try await copy.queue.all().map(JSONShapes.queuedWrite)) },
        DeviceCommand(
            words: ["discard"],
            spec: CommandSpec(usage: "discard <queue-id>", summary: "drop a refused write", positionals: ["id"])
        ) { arguments, copy in .bool(try await copy.queue.discard(arguments.positional(0))) },
        DeviceCommand(
            words: ["withdraw"],
            spec: CommandSpec(
                usage: "withdraw <queue-id> --url U --key K", summary: "withdraw a blocked write", positionals: ["id"]),
            talksToInstance: true
        ) { arguments, copy in .bool(try await copy.queue.withdraw(arguments.positional(0))) },
        DeviceCommand(
            words: ["checkpoint"], spec: CommandSpec(usage: "checkpoint", summary: "write a snapshot now")
        ) { _, copy in
            try await copy.checkpoint()
            return ["ok": true]
        },
    ]
}
