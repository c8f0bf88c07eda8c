/// What a link or an embed in an item's body names (F099).
public enum BodyTarget: Sendable, Hashable {
    /// The item it names: for an embed, the file item with the bytes.
    case item(id: String)
    /// Not yet looked up on the instance, which alone can say a name names one item.
    case pending
    /// It names no item.
    case missing
    /// It names more than one item.
    case ambiguous
    /// Its edge's write, or the instance's lookup, was refused, for `reason`.
    case refused(reason: String)
}
