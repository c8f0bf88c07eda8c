/// Names of the numbered files in a store folder: `journal-<20 digits>.log`, `snapshot-<20 digits>.zst` and the
/// word index stored beside a snapshot, `words-<20 digits>.zst`.
package enum StoreFileName {
    /// Suffix of a file still being written; such leftovers are never read and are removed by the writer.
    package static let temporarySuffix = ".tmp"

    /// Answers the file name of journal segment `number`.
    package static func segment(_ number: UInt64) -> String {
        "journal-" + padded(number) + ".log"
    }

    /// Answers the file name of the snapshot that starts segment `number`.
    package static func snapshot(_ number: UInt64) -> String {
        "snapshot-" + padded(number) + ".zst"
    }

    /// Answers the file name of the word index stored beside snapshot `number` (Decision 0071).
    package static func wordIndex(_ number: UInt64) -> String {
        "words-" + padded(number) + ".zst"
    }

    /// Answers the segment number named by a journal file name, or nil for any other name.
    package static func segmentNumber(of name: String) -> UInt64? {
        number(in: name, prefix: "journal-", suffix: ".log")
    }

    /// Answers the segment number named by a snapshot file name, or nil for any other name.
    package static func snapshotNumber(of name: String) -> UInt64? {
        number(in: name, prefix: "snapshot-", suffix: ".zst")
    }

    /// Answers the snapshot number named by a stored word index's file name, or nil for any other name.
    package static func wordIndexNumber(of name: String) -> UInt64? {
        number(in: name, prefix: "words-", suffix: ".zst")
    }

    private static let digits = 20

    private static func padded(_ number: UInt64) -> String {
        let text = String(number)
        return String(repeating: "0", count: digits - text.count) + text
    }

    private static func number(in name: String, prefix: String, suffix: String) -> UInt64? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard middle.count == digits, middle.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt64(middle)
    }
}
