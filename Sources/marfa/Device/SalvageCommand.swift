import Foundation
import Marfa

/// `device --db <store> salvage --out FILE`: writes whatever can still be read from a damaged store as JSON lines
/// (queued writes first, then items, then edges) to a new 0600 file and answers what it wrote and passed over.
/// It opens no copy, so it works on a store that refuses to open, and changes nothing in it (Issue 26.3).
enum SalvageCommand {
    /// The operation's word after `device --db <store>`.
    static let word = "salvage"
    static let spec = CommandSpec(
        usage: "salvage --out FILE", summary: "write what a damaged store still holds as JSON lines",
        options: ["out"])

    /// Runs the salvage of `database`; refused `usage` without `--out`, `no_store` when nothing is there and
    /// `invalid` when FILE cannot be written.
    static func run(_ database: String, _ words: ArraySlice<String>) throws -> JSONValue {
        let arguments = try ParsedArguments(words, spec: spec)
        guard let out = arguments.value("out") else { throw UsageError("salvage needs --out FILE") }
        let salvaged = try WorkingCopy.salvage(store: URL(fileURLWithPath: database))
        var text = ""
        for write in salvaged.queue { text += try line(["queued_write": JSONShapes.queuedWrite(write)]) }
        for item in salvaged.items { text += try line(["item": JSONShapes.item(item)]) }
        for edge in salvaged.edges { text += try line(["edge": JSONShapes.edge(edge)]) }
        guard FileManager.default.createFile(
            atPath: out, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw MarfaError.invalid(message: "could not write the salvage to \(out)")
        }
        return [
            "out": .string(out), "queued_writes": .integer(Int64(salvaged.queue.count)),
            "items": .integer(Int64(salvaged.items.count)), "edges": .integer(Int64(salvaged.edges.count)),
            "snapshot": JSONShapes.text(salvaged.snapshot), "records": .integer(Int64(salvaged.records)),
            "damage": .array(salvaged.damage.compactMap(JSONShapes.encoded)),
        ]
    }

    private static func line(_ value: JSONValue) throws -> String {
        try value.json() + "\n"
    }
}
