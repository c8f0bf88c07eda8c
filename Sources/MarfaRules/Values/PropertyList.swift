/// An item's properties as `ItemFields` holds them: the members in one array in their order (P-60, Decision 0113),
/// rather than a dictionary, whose header and spare buckets cost an item more than its members (Decision 0037).
///
/// A member is found by a binary search over the members ascending by key: the members themselves when they are
/// already ascending (as most are, and as stores before Decision 0113 wrote them), otherwise a permutation held
/// beside them. `Item.properties` builds the `JSONObject` when asked; a single member is read without it
/// (`Item.property(_:)`). Keys are unique, so two lists hold the same members in the same order exactly when their
/// arrays are equal.
struct PropertyList: Sendable, Hashable {
    /// One property.
    struct Member: Sendable, Hashable {
        /// The property's name.
        let key: String
        /// The property's value.
        let value: JSONValue
    }

    /// The members in their order; exactly as many as the object had (no spare capacity).
    private(set) var members: ContiguousArray<Member>
    /// The positions in `members` ascending by key; empty when `members` is itself ascending.
    private var ascendingPositions: ContiguousArray<Int32>

    /// The members of `object`, in its order.
    /// - Complexity: O(n) when its keys are ascending, else O(n log n).
    init(_ object: JSONObject) {
        self.init(ordered: ContiguousArray(object.lazy.map { Member(key: $0.key, value: $0.value) }))
    }

    /// A list of `members` already strictly ascending by key (as stores written before Decision 0113 hold them),
    /// kept as they are, without a sort.
    init(ascending members: ContiguousArray<Member>) {
        self.members = members
        ascendingPositions = []
    }

    /// A list of `members` with unique keys, kept in their order; a permutation is sorted only when they are not
    /// ascending.
    init(ordered members: ContiguousArray<Member>) {
        self.members = members
        ascendingPositions = []
        guard !Self.isAscending(members) else { return }
        var positions = ContiguousArray((0..<members.count).lazy.map { Int32(truncatingIfNeeded: $0) })
        positions.sort { members[Int($0)].key < members[Int($1)].key }
        ascendingPositions = positions
    }

    /// Whether each key is strictly greater than the one before it.
    static func isAscending(_ members: ContiguousArray<Member>) -> Bool {
        members.indices.dropFirst().allSatisfy { members[$0 - 1].key < members[$0].key }
    }

    /// The members as an object, in their order.
    /// - Complexity: O(n).
    var object: JSONObject {
        JSONObject(uniqueKeysWithValues: members.lazy.map { ($0.key, $0.value) })
    }

    /// The member at `rank` in ascending key order.
    func ascendingMember(_ rank: Int) -> Member {
        ascendingPositions.isEmpty ? members[rank] : members[Int(ascendingPositions[rank])]
    }

    /// The value of the property `key`, or nil.
    /// - Complexity: O(log n), nothing allocated.
    subscript(key: String) -> JSONValue? {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            let found = ascendingMember(middle)
            if found.key == key { return found.value }
            if found.key < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
