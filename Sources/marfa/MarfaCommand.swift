import Foundation
import Marfa

/// The `marfa` program: the device operations, one process each, and the demo.
@main
struct MarfaCommand {
    static func main() async {
        var words = Array(CommandLine.arguments.dropFirst())
        let json = words.first == "--json"
        if json { words.removeFirst() }
        words = hoistingServerOptions(words)
        let printer = Printer(json: json)
        let code: Int32
        do {
            code = try await dispatch(words, printer: printer)
        } catch let error as UsageError {
            code = printer.usage(error)
        } catch {
            code = printer.refusal(error)
        }
        exit(code)
    }

    /// `--url U` and `--key K` given before a root-level command, moved after it where the command reads them
    /// (`marfa --url U --key K items list`, as the suite words it).
    static func hoistingServerOptions(_ words: [String]) -> [String] {
        var rest = words[...]
        var options: [String] = []
        while let first = rest.first, first == "--url" || first == "--key", rest.count >= 2 {
            options += rest.prefix(2)
            rest = rest.dropFirst(2)
        }
        return Array(rest) + options
    }

    static let topSpec = CommandSpec(
        usage: "marfa [--json] device --db <store> [--reader] <operation …> | marfa demo [--dir D]",
        summary: "a Marfa working copy on this machine")

    private static func dispatch(_ words: [String], printer: Printer) async throws -> Int32 {
        switch words.first {
        case "device": return try await DeviceRunner.run(words.dropFirst(), printer: printer)
        case "demo": return try await DemoCommand.run(words.dropFirst(), printer: printer)
        case "items": return try await ClientCommand.run(words.dropFirst(), printer: printer)
        case "instance": return try await InstanceCommand.run(words.dropFirst(), printer: printer)
        case "status": return try await StatusCommand.run(words.dropFirst(), printer: printer)
        case "--help", "help", nil:
            print(HelpText.top())
            return words.isEmpty ? 2 : 0
        default: throw UsageError("unknown command \(words[0]); \(topSpec.usage)")
        }
    }
}

/// The help pages, built from the command table so they never drift from what is parsed.
enum HelpText {
    static func top() -> String {
        var lines = ["usage: \(MarfaCommand.topSpec.usage)", "", "device operations:"]
        for command in DeviceCommand.all {
            lines.append("  \(command.spec.usage)")
            lines.append("      \(command.spec.summary)")
        }
        lines.append("  \(SalvageCommand.spec.usage)")
        lines.append("      \(SalvageCommand.spec.summary) (reads a damaged store without opening it)")
        lines.append("  \(InstanceCommand.spec.usage)")
        lines.append("      \(InstanceCommand.spec.summary)")
        for spec in ClientCommand.specs.values.sorted(by: { $0.usage < $1.usage }) {
            lines.append("  \(spec.usage)")
            lines.append("      \(spec.summary) (against an instance, no copy)")
        }
        lines.append("  \(StatusCommand.spec.usage)")
        lines.append("      \(StatusCommand.spec.summary)")
        lines.append("  demo [--dir D]")
        lines.append("      open a store, write and read notes, checkpoint, reopen")
        return lines.joined(separator: "\n")
    }
}
