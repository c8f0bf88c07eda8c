/// An item's properties as `ItemFields` holds them: the members in one array sorted by key, rather than a
/// dictionary, whose header and spare buckets cost an item more than its members (Decision 0037).
///
/// `Item.properties` builds the dictionary when asked; a single member is read without it (`Item.property(_:)`).
/// Keys are unique and sorted, so two lists hold the same members exactly when their arrays are equal.
struct PropertyList: Sendable, Hashable {
    /// One property.
    struct Member: Sendable, Hashable {
        /// The property's name.
        let key: String
        /// The property's value.
        let value: JSONValue
    }

    /// The members, ascending by key; exactly as many as the object had (no spare capacity).
    private(set) var members: ContiguousArray<Member>

    /// The members of `object`.
    /// - Complexity: O(n log n).
    init(_ object: JSONObject) {
        members = ContiguousArray(object.lazy.map { Member(key: $0.key, value: $0.value) })
        members.sort { $0.key < $1.key }
    }

    /// A list of `members` already strictly ascending by key (as `ByteWriter.write(object:)` writes an object),
    /// kept as they are, without a dictionary or a sort.
    init(ascending members: ContiguousArray<Member>) {
        self.members = members
    }

    /// The members as a dictionary.
    /// - Complexity: O(n).
    var object: JSONObject {
        var object = JSONObject(minimumCapacity: members.count)
        for member in members { object[member.key] = member.value }
        return object
    }

    /// The value of the property `key`, or nil.
    /// - Complexity: O(log n), nothing allocated.
    subscript(key: String) -> JSONValue? {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            let found = members[middle].key
            if found == key { return members[middle].value }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
