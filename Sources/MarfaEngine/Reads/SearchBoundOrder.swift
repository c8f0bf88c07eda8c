/// Candidates in falling order of a bound on their scores (a binary max-heap of their positions), so a search
/// verifies the most promising first and stops once no bound left can enter its top hits.
struct SearchBoundOrder {
    /// Each candidate's bound, by position.
    private let bounds: [Double]
    /// Positions not yet taken, as a heap with the highest bound on top.
    private var heap: [Int32]

    /// The candidates whose bounds are `bounds`, none taken yet.
    /// - Complexity: O(n).
    init(bounds: [Double]) {
        self.bounds = bounds
        heap = (0..<Int32(bounds.count)).map { $0 }
        for parent in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: parent) }
    }

    /// The highest bound not yet taken, nil when every candidate was.
    var nextBound: Double? { heap.first.map { bounds[Int($0)] } }

    /// Takes the candidate of the highest bound left: its position.
    /// - Complexity: O(log n).
    mutating func next() -> Int? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(from: 0)
        }
        return Int(top)
    }

    private mutating func siftDown(from start: Int) {
        let count = heap.count
        var parent = start
        let moving = heap[parent]
        let bound = bounds[Int(moving)]
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && bounds[Int(heap[child + 1])] > bounds[Int(heap[child])] { child += 1 }
            guard bounds[Int(heap[child])] > bound else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = moving
    }
}
