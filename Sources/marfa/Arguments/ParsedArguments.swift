/// A command line split into its words, options and flags, read by the command that owns it.
struct ParsedArguments {
    /// The words that are not options, in order.
    private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var numbers: [String: NumberValue] = [:]
    private var flags: Set<String> = []

    /// Splits `words` by `spec`: names in `spec.flags` take no value, names in `spec.options` and `spec.numbers`
    /// take one each time. Refuses, before the command does anything, an unknown or valueless option, a number its
    /// `NumberKind` does not take, a missing `spec.required` option and a wrong count of positionals.
    init(_ words: ArraySlice<String>, spec: CommandSpec) throws(UsageError) {
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if spec.options.contains(name) || spec.numbers[name] != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.endIndex else { throw UsageError("--\(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                options[name, default: []].append(value)
                if let kind = spec.numbers[name] { numbers[name] = try kind.read(value, name: name) }
            } else {
                throw UsageError("unknown option --\(name) for \(spec.usage)")
            }
        }
        for name in spec.required.sorted() where options[name] == nil {
            throw UsageError("--\(name) is required; usage: \(spec.usage)")
        }
        guard positionals.count >= spec.positionals.count else {
            throw UsageError("usage: \(spec.usage)")
        }
        guard positionals.count <= spec.positionals.count || spec.takesMorePositionals else {
            throw UsageError("too many arguments; usage: \(spec.usage)")
        }
    }

    /// The last value given for an option, or nil.
    func value(_ name: String) -> String? { options[name]?.last }

    /// Every value given for a repeatable option.
    func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The seconds given for a `.seconds` option (the last, if repeated), or nil.
    func seconds(_ name: String) -> Double? {
        guard case .seconds(let seconds) = numbers[name] else { return nil }
        return seconds
    }

    /// The whole number given for a `.count`, `.version` or `.port` option (the last, if repeated), or nil.
    func wholeNumber(_ name: String) -> Int64? {
        guard case .whole(let number) = numbers[name] else { return nil }
        return number
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The positional at `index`.
    func positional(_ index: Int) -> String { positionals[index] }

    /// A required option's value, or a usage error naming it.
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError("--\(name) is required") }
        return value
    }
}

/// What a command accepts: used to parse its words and to print its help.
struct CommandSpec: Sendable {
    /// The command's words and arguments, as `--help` prints them.
    var usage: String
    /// One line on what the command does.
    var summary: String
    /// The names of required positional arguments.
    var positionals: [String] = []
    /// Whether more positionals than named may follow.
    var takesMorePositionals = false
    /// Options that take a value.
    var options: Set<String> = []
    /// Options that take a number, with the kind each takes: read and checked when the command line is parsed.
    var numbers: [String: NumberKind] = [:]
    /// Options that must be given (parsing refuses their absence before the command does anything).
    var required: Set<String> = []
    /// Options that take no value.
    var flags: Set<String> = []
}

/// A command line the program cannot read: printed as plain text with exit 2 (read by harnesses as `usage`).
struct UsageError: Error {
    /// What is wrong with the command line.
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
