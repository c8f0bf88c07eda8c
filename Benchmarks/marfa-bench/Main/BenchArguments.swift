/// The command line: `marfa-bench [--size 10k|100k|1m|N] [--smoke] [--only OP[,OP]] [--json FILE]
/// [--write-baseline [DIR]] [--compare FILE] [--seed N] [--dir DIR] [--keep] [--peer-cache DIR]
/// [--search-per-band N] [--huge-pages] [--memory-census] [--reopen-in-child]`.
struct BenchArguments {
    /// The usage text.
    static let usage = """
        usage: marfa-bench [--size 10k|100k|1m|N] [--smoke] [--only OP[,OP…]] [--json FILE]
                           [--write-baseline [DIR]] [--compare FILE] [--seed N] [--dir DIR] [--keep]
                           [--peer-cache DIR] [--search-per-band N] [--huge-pages] [--memory-census]
                           [--reopen-in-child]
          --size            dataset tier (default 10k); N items for a custom size
          --smoke           a tiny tier for tests: the gate and every operation, no time asserted
          --only            groups or name prefixes: get, list, search, write, write-concurrent, events,
                            snapshot, open, crash, hydrate, memory (the gate runs for what is selected)
          --json            write the whole run as JSON
          --write-baseline  also write it as DIR/<tier>-<machine>.json (default Benchmarks/Baselines)
          --compare         compare ratios with a baseline JSON; exits 3 on a regression over 25 %
          --seed            dataset seed (default 1296126534)
          --dir             where the run's folder (marfa-bench-<pid>) goes: on the filesystem to measure
                            (default $TMPDIR or /tmp); --keep keeps the folder
          --peer-cache      keep the loaded SQLite database in DIR and copy it in on later runs of the same
                            dataset and schema, instead of loading it again (for the 1M tier)
          --search-per-band keep at most N of each hit-rate band's search queries, spread over its lengths
                            (the short form of a slow tier; the report says how many ran)
          --huge-pages      after the load, back the process's dense memory (both engines share it) with 2 MB
                            pages, as a copy opened with MARFA_HUGE_PAGES does (Decision 0039)
          --memory-census   only print heap bytes per item by part of an item and of the loaded copy
          --reopen-in-child open and crash restore reopen the store in a child process and report the
                            child's time to the first read and its peak RSS (always so at 1m, where two
                            copies do not fit)
        """

    /// The tier.
    var plan: RunPlan
    /// Groups or name prefixes to run; empty runs all.
    var only: [String] = []
    /// Where to write JSON.
    var json: String?
    /// Where to write a baseline, if asked.
    var baselineFolder: String?
    /// A baseline to compare with.
    var compare: String?
    /// The dataset seed.
    var seed: UInt64 = 0x4D41_5246
    /// The folder the run's own folder goes in (the memory child: its own folder).
    var directory: String?
    /// Whether to keep the working folder.
    var keep = false
    /// Set when the process is the memory child.
    var memoryChild = false
    /// Set for a census of the copy's memory by part (`MemoryCensus`).
    var memoryCensus = false
    /// Whether open and crash restore reopen the store in a child process (`--reopen-in-child`, or the 1m tier).
    var reopenInChild = false
    /// Set when the process is a reopen child (`ReopenChild.Request.arguments`): the store to open.
    var reopenStore: String?
    /// The reopen child's first read.
    var firstId = ""
    /// The reopen child's snapshot threshold.
    var snapshotThresholdBytes: UInt64 = .max
    /// Whether the reopen child reports its state's digest.
    var digest = false
    /// Where loaded peer databases are kept between runs, if asked.
    var peerCache: PeerCache?
    /// At most this many search queries per hit-rate band, if asked.
    var searchPerBand: Int?
    /// Whether the process's dense memory is advised onto huge pages after the load.
    var hugePages = false

    /// Parses `arguments` (without the program name).
    init(_ arguments: [String]) throws(BenchError) {
        var plan = RunPlan.named("10k")
        var rest = arguments[...]
        func value(_ flag: String) throws(BenchError) -> String {
            guard let next = rest.first, !next.hasPrefix("--") else {
                throw BenchError.usage("\(flag) needs a value")
            }
            rest = rest.dropFirst()
            return next
        }
        func wholeNumber(_ flag: String) throws(BenchError) -> UInt64 {
            let text = try value(flag)
            guard let parsed = UInt64(text) else { throw BenchError.usage("\(flag) takes a whole number, not \(text)") }
            return parsed
        }
        while let flag = rest.first {
            rest = rest.dropFirst()
            switch flag {
            case "--size":
                let name = try value(flag)
                guard let named = RunPlan.named(name) else { throw BenchError.usage("unknown size \(name)") }
                plan = named
            case "--smoke": plan = RunPlan.named("smoke")
            case "--only": only += try value(flag).split(separator: ",").map(String.init)
            case "--json": json = try value(flag)
            case "--write-baseline":
                if let next = rest.first, !next.hasPrefix("--") {
                    baselineFolder = next
                    rest = rest.dropFirst()
                } else {
                    baselineFolder = "Benchmarks/Baselines"
                }
            case "--compare": compare = try value(flag)
            case "--seed": seed = try wholeNumber(flag)
            case "--dir": directory = try value(flag)
            case "--keep": keep = true
            case "--peer-cache": peerCache = PeerCache(folder: try value(flag))
            case "--memory-child": memoryChild = true
            case "--huge-pages": hugePages = true
            case "--memory-census": memoryCensus = true
            case "--reopen-in-child": reopenInChild = true
            case "--reopen-child": reopenStore = try value(flag)
            case "--first-id": firstId = try value(flag)
            case "--snapshot-threshold": snapshotThresholdBytes = try wholeNumber(flag)
            case "--digest": digest = true
            case "--search-per-band":
                let text = try value(flag)
                guard let parsed = Int(text), parsed > 0 else {
                    throw BenchError.usage("--search-per-band takes a positive whole number, not \(text)")
                }
                searchPerBand = parsed
            case "--help", "-h": throw BenchError(Self.usage, exitStatus: 0)
            default: throw BenchError.usage("unknown argument \(flag)")
            }
        }
        guard let plan else { throw BenchError.usage("no size") }
        self.plan = plan
        if plan.size >= 1_000_000 { reopenInChild = true }
    }

    /// Whether an operation of `group` named `name` is selected; asked of a group alone (no name), a name prefix
    /// within the group (`list/tag-rare`) selects it, so the group's operations are built and then filtered by name.
    func selects(group: String, name: String = "") -> Bool {
        only.isEmpty
            || only.contains { selected in
                group == selected || group.hasPrefix(selected + "-")
                    || (name.isEmpty ? selected.hasPrefix(group + "/") : name.hasPrefix(selected))
            }
    }
}
