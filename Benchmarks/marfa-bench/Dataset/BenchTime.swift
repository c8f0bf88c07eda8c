import MarfaRules

/// Millisecond times written the way Marfa writes them (`2024-05-17T08:30:00.250Z`), without Foundation's
/// formatters, which would dominate generating a million items.
enum BenchTime {
    /// 2023-01-01T00:00:00Z, where the dataset's three years start.
    static let datasetStart: Int64 = 1_672_531_200_000
    /// Three years of milliseconds.
    static let datasetSpan: Int64 = 3 * 365 * 86_400_000
    /// One day of milliseconds.
    static let day: Int64 = 86_400_000

    /// RFC 3339 in UTC with milliseconds (the canonical form items hold as milliseconds, Decision 0023).
    static func timestamp(milliseconds: Int64) -> String {
        CanonicalTime.text(milliseconds)
    }

    /// A calendar day, `YYYY-MM-DD`.
    static func day(milliseconds: Int64) -> String {
        String(timestamp(milliseconds: milliseconds).prefix(10))
    }
}
