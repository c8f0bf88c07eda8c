import Marfa

extension DeviceCommand {
    /// The operations that send the queue and settle what it holds: `drain`, `release`, `forget`.
    static let queueCommands: [DeviceCommand] = [
        DeviceCommand(
            words: ["drain"],
            spec: CommandSpec(usage: "drain --url U --key K", summary: "send the queue once, in order"),
            ending: { answer in
                // A refused key stopped the pass: exit 5; a pass the instance left unfinished: exit 3 (Decision 0090).
                if let stopped = answer.object?["stopped"]?.string {
                    return (5, MarfaError.unauthorized(code: "unauthorized", message: stopped))
                }
                guard let unavailable = answer.object?["unavailable"]?.string else { return nil }
                return (3, MarfaError.network(message: unavailable))
            },
            talksToInstance: true, stopMode: .beforeNextRequest
        ) { _, copy in JSONShapes.drainReport(try await copy.queue.drain()) },
        DeviceCommand(
            words: ["release"],
            spec: CommandSpec(
                usage: "release <queue-id> | release --reason <reason>",
                summary: "send a blocked or dead write again under a fresh key", takesMorePositionals: true,
                options: ["reason"])
        ) { arguments, copy in
            if let reasonText = arguments.value("reason") {
                guard let reason = BlockedReason(rawValue: reasonText) else {
                    throw MarfaError.validation(
                        code: "validation_error", message: "\"\(reasonText)\" is not a blocked reason")
                }
                return .integer(Int64(try await copy.queue.release(reason: reason)))
            }
            guard let id = arguments.positionals.first else { throw UsageError("release needs <queue-id> or --reason") }
            return .integer(try await copy.queue.release(id) ? 1 : 0)
        },
        DeviceCommand(
            words: ["forget"], spec: CommandSpec(usage: "forget", summary: "clear the writes the instance took")
        ) { _, copy in .integer(Int64(try await copy.queue.forgetAnswered())) },
    ]
}
