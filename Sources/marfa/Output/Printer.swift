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

    /// Tells a person, on standard error, that Ctrl-C was taken (under `--json` standard error keeps one refusal).
    func stopping() {
        guard !json else { return }
        let line = "stopping: the request in flight is answered first, then nothing more is sent; Ctrl-C again ends now"
        FileHandle.standardError.write(Data((line + "\n").utf8))
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
            if let rows = members["items"]?.array, members.keys.contains("next_cursor") {
                // A page (the bin, Decision 0115): its rows as a table, then where the next page starts.
                let next = members["next_cursor"]?.string.map { "\nnext page: --after \($0)" } ?? ""
                return render(.array(rows)) + next
            }
            if let id = members["id"]?.string, let type = members["type"]?.string {
                let title = members["properties"]?.object?["title"]?.string ?? ""
                return "\(id)  \(type)  \(title)"
            }
            if let id = members["id"]?.string, let kind = members["kind"]?.string {
                return "queued \(kind) \(members["item_id"]?.string ?? "") as \(id)" + waiting(members)
            }
            return members.keys.sorted().map { "\($0): \(scalar(members[$0] ?? .null))" }.joined(separator: "\n")
        default: return scalar(value)
        }
    }

    /// Why a queued write waits (issue 28 point 10, Decision 0090), after a comma: the writes it cannot go
    /// without, and the write it goes after; empty for a write that waits on nothing.
    static func waiting(_ write: JSONObject) -> String {
        let reasons = waitReasons(write)
        return reasons.isEmpty ? "" : ", " + reasons
    }

    /// The reasons a queued write waits, joined by commas: "waiting on N write(s) it cannot go without" and
    /// "after <id>"; empty for a write that waits on nothing.
    static func waitReasons(_ write: JSONObject) -> String {
        var parts: [String] = []
        let needs = write["depends_on"]?.array?.count ?? 0
        if needs > 0 { parts.append("waiting on \(needs) write(s) it cannot go without") }
        if let ahead = write["follows"]?.string { parts.append("after \(ahead)") }
        return parts.joined(separator: ", ")
    }

    private static func scalar(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return (try? value.json()) ?? ""
    }
}
