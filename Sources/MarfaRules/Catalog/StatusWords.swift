/// The status words the shipped types declare (P-85), and the group each falls into (F053).
package enum StatusWords {
    /// One type's status field and the group of each word it declares.
    package struct Entry: Sendable, Hashable {
        /// The type, with its subtree, whose items hold the field.
        package let type: String
        /// The property that holds the status word.
        package let field: String
        /// Each declared word, lowercase, with its group.
        package let groups: [String: StatusGroup]
    }

    /// The shipped status fields: a task's and an event's recommended words, and a series' enum.
    package static let entries: [Entry] = [
        Entry(
            type: "core.task", field: "status",
            groups: [
                "pending": .notStarted, "in_progress": .inProgress, "completed": .completed, "canceled": .canceled,
            ]),
        Entry(
            type: "core.event", field: "status",
            groups: [
                "tentative": .notStarted, "confirmed": .notStarted, "rescheduled": .notStarted, "canceled": .canceled,
            ]),
        Entry(
            type: "core.media.series", field: "status",
            groups: ["ongoing": .inProgress, "ended": .completed, "canceled": .canceled]),
    ]

    /// The event type whose status `eventStatus(of:)` reads.
    package static let eventType = "core.event"
}
