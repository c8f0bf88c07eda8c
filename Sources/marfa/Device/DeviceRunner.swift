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
        if rest.first == SalvageCommand.word {
            if rest.contains("--help") {
                print("usage: marfa [--json] device --db <store> \(SalvageCommand.spec.usage)\n"
                    + SalvageCommand.spec.summary)
                return 0
            }
            guard let database else { throw UsageError("--db <store> is required") }
            printer.answer(try SalvageCommand.run(database, rest.dropFirst()))
            return 0
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
        return try await perform(command, arguments, database: database, reader: reader, printer: printer)
    }

    /// Runs one parsed operation: its precheck, the instance's root contract when it talks to the instance, the
    /// read gate, the operation itself under Ctrl-C's watch, and its answer and ending.
    private static func perform(
        _ command: DeviceCommand, _ arguments: ParsedArguments, database: String, reader: Bool, printer: Printer
    ) async throws -> Int32 {
        try command.precheck(arguments)
        let watch = command.stopMode == .notStoppable ? nil : StopWatch(command.stopMode) { printer.stopping() }
        if command.talksToInstance, !reader, let server = try server(arguments) {
            try await ContractPreflight.check(server, offline: true)
        }
        let copy = try await open(database, reader: reader || command.opensAsReader, creatingStore: command.createsStore,
            arguments: arguments)
        do {
            if command.readsRows { try await DeviceReadGate.check(copy) }
            let (ran, stopped): (JSONValue?, Bool)
            if let watch {
                (ran, stopped) = try await watch.run { try await command.run(arguments, copy) }
            } else {
                (ran, stopped) = (try await command.run(arguments, copy), false)
            }
            await copy.close()
            guard !stopped, let answer = ran else {
                if let ran { printer.answer(ran) }
                printer.refusal(.canceled(message: "stopped by Ctrl-C; the cursor and the queue are kept"), exit: 3)
                return 3
            }
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
        if reader { return try await WorkingCopy.openReader(store: store) }
        return try await WorkingCopy.open(
            store: store, server: try server(arguments), creatingStore: creatingStore, policy: .commandLine,
            swiftFillRules: false)
    }

    /// The instance `--url` names with the key from `--key` or `MARFA_API_KEY`, or nil without `--url`.
    private static func server(_ arguments: ParsedArguments) throws -> Server? {
        guard let url = arguments.value("url") else { return nil }
        guard let parsed = URL(string: url) else { throw MarfaError.invalid(message: "--url is not a URL") }
        let key = arguments.value("key") ?? ProcessInfo.processInfo.environment["MARFA_API_KEY"] ?? ""
        return Server(url: parsed, key: key)
    }
}
