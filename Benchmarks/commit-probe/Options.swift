/// The command line: `commit-probe [--items N] [--writers W] [--rounds R] [--dir FOLDER]`.
struct Options {
    /// Items the copy holds before the timed rounds.
    var items = 10_000
    /// Concurrent writer tasks.
    var writers = 64
    /// Timed rounds of 640 commits (fewer when 640 is not a multiple of the writers).
    var rounds = 20
    /// The folder the store is made in, removed before and after; put it on the disk under test.
    var folder = "/tmp/marfa-commit-probe"

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError(flag: flag) }
            switch flag {
            case "--items": items = try Self.count(value, flag)
            case "--writers": writers = try Self.count(value, flag)
            case "--rounds": rounds = try Self.count(value, flag)
            case "--dir": folder = value
            default: throw UsageError(flag: flag)
            }
        }
        guard writers <= 640 else { throw UsageError(flag: "--writers") }
    }

    private static func count(_ value: String, _ flag: String) throws -> Int {
        guard let count = Int(value), count > 0 else { throw UsageError(flag: flag) }
        return count
    }

    /// A flag that is unknown, misses its value, or has a value out of range.
    struct UsageError: Error, CustomStringConvertible {
        let flag: String
        var description: String {
            "bad or incomplete \(flag); usage: commit-probe [--items N] [--writers 1...640] [--rounds R] [--dir FOLDER]"
        }
    }
}
