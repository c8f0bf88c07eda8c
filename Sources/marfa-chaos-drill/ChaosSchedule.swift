import MarfaRules

/// One step of a run's schedule: something the copy does, something the second writer does, or a fault.
enum ChaosStep: Equatable, CustomStringConvertible {
    /// A command for the copy's worker process; `pick` chooses its target among what the copy holds.
    case copy(CopyCommand, pick: Int)
    /// An edit on the instance by the second writer; `pick` chooses the row.
    case writer(WriterEdit, pick: Int)
    /// A fault armed through the instance's hooks or the proxy.
    case fault(ChaosFault)
    /// `kill -9` of the copy `afterMilliseconds` into its next command, then a reopen.
    case kill(afterMilliseconds: Int)

    var description: String {
        switch self {
        case .copy(let command, let pick): "c.\(command.rawValue):\(pick)"
        case .writer(let edit, let pick): "w.\(edit.rawValue):\(pick)"
        case .fault(let fault): "f.\(fault)"
        case .kill(let milliseconds): "kill:\(milliseconds)ms"
        }
    }
}

/// What the copy's worker is told to do (each a line on its standard input).
enum CopyCommand: String, CaseIterable {
    case create, editOwnCreate, edit, edge, edgeEdit, edgeDelete, tag, untag, bin, restore, archive, writeExtension
    case pin, unpin, drain, catchUp, followOn, followOff
}

/// What the second writer does on the instance, to the rows and fields the copy writes.
enum WriterEdit: String, CaseIterable {
    case retitle, rebody, staleEdit, tag, untag, edgeEdit, bin, restore, create
}

/// A fault: an instance hook or the proxy's behaviour for the next answers.
enum ChaosFault: Equatable, CustomStringConvertible {
    /// The instance answers the next `count` requests 503 (`write_contention`).
    case unavailable(count: Int)
    /// The instance answers the next `count` requests 429 with `Retry-After`.
    case rateLimited(count: Int, retryAfter: Int)
    /// The instance closes the next `count` connections before any answer.
    case closedBeforeAnswer(count: Int)
    /// The proxy cuts the next `count` answers after their first bytes.
    case droppedMidAnswer(count: Int)
    /// The proxy holds the next `count` answers for `milliseconds` before passing them on.
    case stalled(count: Int, milliseconds: Int)
    /// Every open event stream ends.
    case streamsEnded
    /// The log is trimmed to its newest event, so a copy behind it must refill.
    case logTrimmed

    var description: String {
        switch self {
        case .unavailable(let count): "503x\(count)"
        case .rateLimited(let count, let retryAfter): "429x\(count)ra\(retryAfter)"
        case .closedBeforeAnswer(let count): "closex\(count)"
        case .droppedMidAnswer(let count): "dropx\(count)"
        case .stalled(let count, let milliseconds): "stallx\(count)@\(milliseconds)ms"
        case .streamsEnded: "streams-end"
        case .logTrimmed: "trim"
        }
    }
}

/// A run's whole schedule, made from its seed alone: the same seed makes the same steps.
struct ChaosSchedule {
    /// The run's seed.
    let seed: UInt64
    /// The steps in order.
    let steps: [ChaosStep]

    /// Makes `length` steps from `seed`: mostly copy writes, with drains, second-writer edits, faults and kills.
    init(seed: UInt64, length: Int) {
        self.seed = seed
        var random = SplitMixRandom(seed: seed)
        var steps: [ChaosStep] = []
        for _ in 0..<length {
            steps.append(Self.step(&random))
        }
        self.steps = steps
    }

    private static let copyWrites: [CopyCommand] = [
        .create, .create, .create, .editOwnCreate, .editOwnCreate, .edit, .edit, .edge, .edgeEdit, .edgeDelete,
        .tag, .untag, .bin, .restore, .archive, .writeExtension,
    ]

    private static func step(_ random: inout SplitMixRandom) -> ChaosStep {
        let pick = random.below(1 << 16)
        switch random.below(100) {
        case 0..<45: return .copy(copyWrites[random.below(copyWrites.count)], pick: pick)
        case 45..<53: return .copy(.drain, pick: pick)
        case 53..<56: return .copy(.catchUp, pick: pick)
        case 56..<59: return .copy([.pin, .pin, .unpin][random.below(3)], pick: pick)
        case 59..<62: return .copy([.followOn, .followOn, .followOff][random.below(3)], pick: pick)
        case 62..<78: return .writer(WriterEdit.allCases[random.below(WriterEdit.allCases.count)], pick: pick)
        case 78..<95: return .fault(fault(&random))
        default: return .kill(afterMilliseconds: random.below(60))
        }
    }

    private static func fault(_ random: inout SplitMixRandom) -> ChaosFault {
        let count = 1 + random.below(3)
        switch random.below(8) {
        case 0: return .unavailable(count: count)
        case 1: return .rateLimited(count: count, retryAfter: random.below(2))
        case 2: return .closedBeforeAnswer(count: count)
        case 3, 4: return .droppedMidAnswer(count: count)
        case 5: return .stalled(count: count, milliseconds: 50 + random.below(450))
        case 6: return .streamsEnded
        default: return .logTrimmed
        }
    }

    /// The schedule as one line, to print with a failing run's seed.
    var text: String {
        steps.map(\.description).joined(separator: " ")
    }
}
