/// Finds inline code spans in one paragraph, as CommonMark does: a run of backticks opens one, the next run of the
/// same length closes it, and it may span the paragraph's lines. A run with no partner is plain text.
enum MarkdownCodeSpans {
    /// A run of backticks: where it starts in the paragraph's positions, and how long it is.
    private struct Run {
        let start: Int
        let length: Int
    }

    /// Marks the code spans of the paragraph whose text lies in `group`: backticks as markup, the inside as code.
    static func mark(_ group: [Range<Int>], units: [UInt16], kinds: inout [MarkdownRegions.Kind]) {
        let positions = group.flatMap { Array($0) }
        let runs = backtickRuns(positions, units: units)
        guard runs.count > 1 else { return }
        var runsByLength: [Int: [Int]] = [:]
        for (index, run) in runs.enumerated() { runsByLength[run.length, default: []].append(index) }
        var next: [Int: Int] = [:]
        var index = 0
        var codeEnd = 0
        while index < runs.count {
            let run = runs[index]
            let escaped = isEscaped(positions, at: run.start, after: codeEnd, units: units)
            let opener = escaped ? Run(start: run.start + 1, length: run.length - 1) : run
            guard opener.length > 0,
                let close = partner(of: index, length: opener.length, runsByLength: runsByLength, next: &next)
            else {
                index += 1
                continue
            }
            let closer = runs[close]
            for position in positions[opener.start..<opener.start + opener.length] { kinds[position] = .syntax }
            for position in positions[opener.start + opener.length..<closer.start] { kinds[position] = .code }
            for position in positions[closer.start..<closer.start + closer.length] { kinds[position] = .syntax }
            codeEnd = closer.start + closer.length
            index = close + 1
        }
    }

    /// Every maximal run of backticks among `positions`.
    private static func backtickRuns(_ positions: [Int], units: [UInt16]) -> [Run] {
        var runs: [Run] = []
        var index = 0
        while index < positions.count {
            guard units[positions[index]] == MarkdownUnit.backtick else {
                index += 1
                continue
            }
            let start = index
            while index < positions.count, units[positions[index]] == MarkdownUnit.backtick { index += 1 }
            runs.append(Run(start: start, length: index - start))
        }
        return runs
    }

    /// Whether an odd number of backslashes, after the last code span, stands right before `start`.
    private static func isEscaped(_ positions: [Int], at start: Int, after codeEnd: Int, units: [UInt16]) -> Bool {
        var count = 0
        var index = start - 1
        while index >= codeEnd, units[positions[index]] == MarkdownUnit.backslash {
            count += 1
            index -= 1
        }
        return count % 2 == 1
    }

    /// The first run after run `index` of exactly `length` backticks; `next` remembers how far each length was read.
    private static func partner(of index: Int, length: Int, runsByLength: [Int: [Int]], next: inout [Int: Int])
        -> Int?
    {
        guard let candidates = runsByLength[length] else { return nil }
        var cursor = next[length, default: 0]
        while cursor < candidates.count, candidates[cursor] <= index { cursor += 1 }
        next[length] = cursor
        return cursor < candidates.count ? candidates[cursor] : nil
    }
}
