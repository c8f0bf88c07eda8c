import Foundation
import Marfa

/// Runs `device --db <store> [--reader] <operation …>`: finds the operation, opens the copy, answers.
enum DeviceRunner {
    static let prefixSpec = CommandSpec(
        usage: "device --db <store> [--reader] <operation …> [--url U] [--key K]", summary: "one device operation",
        takesMorePositionals: true, options: ["db"], flags: ["reader"])

    static func run(_ words: ArraySlice<String>, printer: Printer) async throws -> Int32 {
        var rest = words
        var database: String?
        var reader = false
        while let word = rest.first, word.hasPrefix("--") {
            rest.removeFirst()
            switch word {
            case "--db":
                guard let value = rest.first else { throw UsageError("--db needs a value") }
                database = value
                rest.removeFirst()
            case "--reader": reader = true
            case "--help":
                print(HelpText.top())
                return 0
            default: throw UsageError("unknown option \(word); usage: \(prefixSpec.usage)")
            }
        }
        guard let command = DeviceCommand.all.filter({ rest.starts(with: $0.words) })
            .max(by: { $0.words.count < $1.words.count })
        else {
            throw UsageError("unknown operation \(rest.joined(separator: " ")); see marfa --help")
        }
        let operationWords = rest.dropFirst(command.words.count)
        if operationWords.contains("--help") {
            print("usage: marfa [--json] device --db <store> \(command.spec.usage)\n\(command.spec.summary)")
            return 0
        }
        var spec = command.spec
        spec.options.formUnion(DeviceCommand.serverOptions)
        let arguments = try ParsedArguments(operationWords, spec: spec)
        guard let database else { throw UsageError("--db <store> is required") }
        let copy = try await open(database, reader: reader, creatingStore: command.createsStore, arguments: arguments)
        do {
            let answer = try await command.run(arguments, copy)
            await copy.close()
            printer.answer(answer)
            guard let ending = command.ending(answer) else { return 0 }
            printer.refusal(ending.error, exit: ending.exit)
            return ending.exit
        } catch {
            await copy.close()
            throw error
        }
    }

    private static func open(
        _ database: String, reader: Bool, creatingStore: Bool, arguments: ParsedArguments
    ) async throws -> WorkingCopy {
        let store = URL(fileURLWithPath: database)
        var server: Server?
        if let url = arguments.value("url") {
            guard let parsed = URL(string: url) else { throw MarfaError.invalid(message: "--url is not a URL") }
            let key = arguments.value("key") ?? ProcessInfo.processInfo.environment["MARFA_API_KEY"] ?? ""
            server = Server(url: parsed, key: key)
        }
        if reader { return try await WorkingCopy.openReader(store: store) }
        return try await WorkingCopy.open(store: store, server: server, creatingStore: creatingStore)
    }
}
