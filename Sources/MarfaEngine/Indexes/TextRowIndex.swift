/// A text index over rows' search fields that can be built from every row at once: the word index and the trigram
/// index, which `ReadIndexes` builds on first use and brings current in batches.
protocol TextRowIndex: Sendable {
    /// An empty index.
    init()
    /// Indexes many rows at once (a first build).
    mutating func insert(contentsOf rows: [(row: RowID, fields: [String])])
}

extension WordIndex: TextRowIndex {}

extension TrigramIndex: TextRowIndex {}
