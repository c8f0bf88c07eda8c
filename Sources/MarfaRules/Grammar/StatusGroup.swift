/// The group of an item's status word, the same four for every type; the raw value is its spelling in filter text.
public enum StatusGroup: String, Sendable, Hashable, Codable, CaseIterable {
    /// Work not begun, such as a task `pending`.
    case notStarted = "not_started"
    /// Work under way, such as a task `in_progress`.
    case inProgress = "in_progress"
    /// Work done.
    case completed
    /// Work called off.
    case canceled
}
