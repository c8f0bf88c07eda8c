import Foundation

extension CatalogSnapshot {
    /// The status field an item of `type` holds: the most specific entry whose subtree takes the type, or nil.
    private func statusEntry(of type: String) -> StatusWords.Entry? {
        StatusWords.entries
            .filter { isType(type, within: $0.type) }
            .max { $0.type.count < $1.type.count }
    }

    /// The group of the item's status word, or nil when its type has no status field or it holds no declared word.
    package func statusGroup(of item: Item) -> StatusGroup? {
        guard let entry = statusEntry(of: item.type), let word = item.property(entry.field)?.string else {
            return nil
        }
        return entry.groups[word.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()]
    }

    /// An event's status word as it holds it, trimmed; nil for an item outside `core.event` or one holding none.
    package func eventStatus(of item: Item) -> String? {
        guard isType(item.type, within: StatusWords.eventType),
            let word = item.property("status")?.string?.trimmingCharacters(in: .whitespacesAndNewlines),
            !word.isEmpty
        else { return nil }
        return word
    }
}
