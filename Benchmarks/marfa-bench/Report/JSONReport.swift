import Foundation

/// The run as JSON: `--json FILE`, and baselines under `Benchmarks/Baselines/`.
enum JSONReport {
    /// Writes `report` to `path` (pretty, sorted keys), creating the folder.
    static func write(_ report: BenchReport, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(report)
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    /// Reads a report written by `write`.
    static func read(_ path: String) throws -> BenchReport {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Where a baseline of `report` goes: `<folder>/<tier>-<machine id>.json`.
    static func baselinePath(_ report: BenchReport, folder: String) -> String {
        "\(folder)/\(report.plan.tier)-\(report.machine.id).json"
    }
}
