import Foundation
import Marfa
import MarfaSockets

/// `marfa instance serve`: runs the reference instance in the foreground until SIGINT or SIGTERM, then stops it
/// gracefully (open event streams get `stream_incomplete` with `server_stopping`).
enum InstanceCommand {
    /// What the command accepts, as `--help` prints it.
    static let spec = CommandSpec(
        usage: "instance serve [--data DIR] [--host H] [--port N] [--key K]",
        summary: "run the reference instance until Ctrl-C; the key comes from --key, MARFA_API_KEY or the data folder",
        positionals: ["serve"], options: ["data", "host", "key"], numbers: ["port": .port])

    /// Starts the instance, prints where it answers (and the key when it was made now), serves until a stop signal.
    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        let arguments = try ParsedArguments(words, spec: spec)
        guard arguments.positional(0) == "serve" else { throw UsageError("usage: marfa \(spec.usage)") }
        let port = Int(arguments.wholeNumber("port") ?? 8080)
        let key = arguments.value("key") ?? ProcessInfo.processInfo.environment["MARFA_API_KEY"]
        // Idle sockets cost a descriptor each on the event loop, so hold as many as the hard limit allows.
        OpenFileLimit.raiseToHardLimit()
        let running = try await LoopbackInstance.start(
            dataDirectory: arguments.value("data"), host: arguments.value("host") ?? "127.0.0.1", port: port, key: key)
        if printer.json {
            var answer: JSONObject = [
                "url": .string(running.url.absoluteString), "data": .string(running.dataDirectory),
            ]
            if running.keyWasGenerated { answer["key"] = .string(running.key) }
            printer.answer(.object(answer))
        } else {
            printer.note("Marfa reference instance at \(running.url.absoluteString)")
            printer.note("Data folder: \(running.dataDirectory)")
            if running.keyWasGenerated {
                printer.note("Operator key (kept in the data folder): \(running.key)")
            }
            printer.note("Press Ctrl-C to stop.")
        }
        fflush(nil)
        _ = await StopSignal.wait()
        printer.note("Stopping…")
        await running.stop()
        printer.note("Stopped.")
        return 0
    }
}
