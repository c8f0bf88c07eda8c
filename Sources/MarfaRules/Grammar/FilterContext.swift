/// What an evaluation needs beyond the item itself: its edges, whether it is a part, and its status group. The copy
/// answers from what it holds, the reference instance from everything.
public protocol FilterContext {
    /// The ids at the other end of the item's outbound edges of `edgeType` (their targets).
    func edgeTargets(from itemID: String, edgeType: String) -> [String]
    /// The ids at the other end of the item's inbound edges of `edgeType` (their sources); asked only of an
    /// evaluator made to answer backrefs.
    func edgeSources(to itemID: String, edgeType: String) -> [String]
    /// Whether the item belongs to a host out of the bin through a with-hosts edge (`attached-to`, `comments-on`…).
    func isPart(_ item: Item) -> Bool
    /// The group of the item's status word, or nil when its type declares no status field or it holds no such word.
    func statusGroup(of item: Item) -> StatusGroup?
}
