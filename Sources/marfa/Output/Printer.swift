import Foundation
import Marfa

/// Writes answers and refusals the way the device protocol reads them: JSON under `--json`, text for a person.
struct Printer {
    /// Whether answers are JSON documents.
    var json: Bool

    /// Prints an answer on standard output.
    func answer(_ value: JSONValue) {
        if json {
            print((try? value.json()) ?? "null")
        } else {
            print(HumanText.render(value))
        }
    }

    /// Prints a line of narration: on standard output for a person, on standard error under `--json`.
    func note(_ line: String) {
        if json {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        } else {
            print(line)
        }
    }

    /// Prints a refusal on standard error and returns the exit code it carries.
    func refusal(_ error: any Error) -> Int32 {
        let marfaError = error as? MarfaError ?? .invalid(message: "\(error)")
        let exit = Self.exitCode(for: marfaError)
        refusal(marfaError, exit: exit)
        return exit
    }

    /// Prints `marfaError` on standard error as a refusal ending with `exit`.
    func refusal(_ marfaError: MarfaError, exit: Int32) {
        let text = json
            ? ((try? JSONShapes.error(marfaError, exit: exit).json()) ?? "{}")
            : "error: \(marfaError.code()): \(marfaError.message)"
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints a usage error as plain text (exit 2), which harnesses read as `usage`.
    func usage(_ error: UsageError) -> Int32 {
        FileHandle.standardError.write(Data(("usage error: " + error.message + "\n").utf8))
        return 2
    }

    /// The exit code of a refusal: 2 for a missing store, 3 for an unfinished call, 1 otherwise.
    static func exitCode(for error: MarfaError) -> Int32 {
        switch error {
        case .noStore: return 2
        case .network, .canceled, .streamIncomplete: return 3
        default: return 1
        }
    }
}

/// Renders JSON answers as plain text for a person: lists as tables (`HumanTable`), `key: value` for objects.
enum HumanText {
    static func render(_ value: JSONValue) -> String {
        switch value {
        case .array(let rows):
            return rows.isEmpty ? "(none)" : HumanTable.render(rows) ?? rows.map(render).joined(separator: "\n")
        case .object(let members):
            if let id = members["id"]?.string, let type = members["type"]?.string {
                let title = members["properties"]?.object?["title"]?.string ?? ""
                return "\(id)  \(type)  \(title)"
            }
            if let id = members["id"]?.string, let kind = members["kind"]?.string {
                return "queued \(kind) \(members["item_id"]?.string ?? "") as \(id)"
            }
            return members.keys.sorted().map { "\($0): \(scalar(members[$0] ?? .null))" }.joined(separator: "\n")
        default: return scalar(value)
        }
    }

    private static func scalar(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return (try? value.json()) ?? ""
    }
}
