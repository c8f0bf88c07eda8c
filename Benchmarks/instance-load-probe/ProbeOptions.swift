import Foundation

/// The probe's command line: `--marfa PATH [--port N] [--idle N] [--uploads N] [--requests N]`, each count bounded.
struct ProbeOptions {
    var marfa = ".build/release/marfa"
    var port = 18_480
    var idle = 1_000
    var uploads = 50
    var requests = 2_000

    /// Reads the options; an unknown or malformed one stops the probe with its usage.
    init(_ words: ArraySlice<String>) {
        var rest = words
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { Self.usage() }
            switch flag {
            case "--marfa": marfa = value
            case "--port": port = Self.count(value, upTo: 65_535)
            case "--idle": idle = Self.count(value, upTo: 5_000)
            case "--uploads": uploads = Self.count(value, upTo: 500)
            case "--requests": requests = max(1, Self.count(value, upTo: 100_000))
            default: Self.usage()
            }
        }
    }

    private static func count(_ text: String, upTo limit: Int) -> Int {
        guard let number = Int(text), (0...limit).contains(number) else { usage() }
        return number
    }

    private static func usage() -> Never {
        print("usage: instance-load-probe --marfa PATH [--port N] [--idle ≤5000] [--uploads ≤500] [--requests N]")
        exit(2)
    }
}
