import Foundation
import MarfaRules
import MarfaLocks

/// A first build of the word index over a copy's searchable rows, on two cores when there are enough rows: a
/// thread of its own and the caller's each read every row but file only their half of the words (`WordShare`, by
/// hash), then the caller appends the other half's index to its own. The two dictionaries share no word, so no
/// postings are copied or held twice (Decision 0070). Either way the index holds what a build on one thread holds.
enum WordIndexBuild {
    /// The fewest rows for which a second thread pays for itself (its start, the rows both threads read, the append).
    static let rowsForTwoThreads = 8192

    /// The word index over the searchable rows of `state`, or nil when `stopped` answered true first; with more
    /// than one of `cores` and at least `rowsForTwoThreads` rows, each half of the words is filed on its own thread.
    /// - Complexity: O(total text): the reading on both threads, the filing of each word on one.
    static func index(
        of state: CopyState, rowsForTwoThreads: Int = rowsForTwoThreads,
        cores: Int = ProcessInfo.processInfo.activeProcessorCount, unless stopped: @escaping @Sendable () -> Bool
    ) -> WordIndex? {
        let rows = state.items.rows
        let catalog = state.catalog
        guard rows.count >= rowsForTwoThreads && cores > 1 else {
            var index = WordIndex()
            return index.insert(contentsOf: ReadIndexes.searchableRows(rows, catalog: catalog), unless: stopped)
                ? index : nil
        }
        let other = LockedValue<WordIndex?>(nil)
        let otherDone = DispatchSemaphore(value: 0)
        let thread = Thread {
            var index = WordIndex()
            let rows = ReadIndexes.searchableRows(rows, catalog: catalog)
            if index.file(rows, share: .half(highBit: 1), unless: stopped) { other.withLock { $0 = index } }
            otherDone.signal()
        }
        thread.name = "marfa-words-2"
        thread.start()
        var index = WordIndex()
        let filed = index.file(
            ReadIndexes.searchableRows(rows, catalog: catalog), share: .half(highBit: 0), unless: stopped)
        otherDone.wait()
        guard filed, let half = other.withLock({ $0.take() }) else { return nil }
        index.append(disjoint: half) { row in state.items[row: row].map { SearchFields.of($0, catalog) } ?? [] }
        index.finishBuild()
        return index
    }
}
