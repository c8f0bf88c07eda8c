/// Pairs emphasis runs (`*`, `_`, `~~`, `==`) as CommonMark pairs delimiters: a closer uses up the nearest open run
/// of its mark, as many marks as both hold, then the next, and the runs opened between them are left as typed.
enum MarkdownEmphasis {
    /// One run of a mark: how many marks it holds, and whether the characters around it let it open or close.
    struct Run {
        let mark: UInt16
        let count: Int
        let canOpen: Bool
        let canClose: Bool
    }

    /// How many marks of each run are left unpaired, and so shown as typed.
    static func unpaired(_ runs: [Run]) -> [Int] {
        var remaining = runs.map(\.count)
        var open: [Int] = []
        var openByMark: [UInt16: [Int]] = [:]
        var dropped: Set<Int> = []
        for (index, run) in runs.enumerated() {
            while run.canClose, remaining[index] > 0 {
                while let last = openByMark[run.mark]?.last, dropped.contains(last) || remaining[last] == 0 {
                    openByMark[run.mark]?.removeLast()
                }
                guard let opener = openByMark[run.mark]?.last else { break }
                let used = min(remaining[opener], remaining[index])
                remaining[opener] -= used
                remaining[index] -= used
                while let above = open.last, above != opener {
                    dropped.insert(above)
                    open.removeLast()
                }
                if remaining[opener] == 0, open.last == opener { open.removeLast() }
            }
            if run.canOpen, remaining[index] > 0 {
                open.append(index)
                openByMark[run.mark, default: []].append(index)
            }
        }
        return remaining
    }
}
