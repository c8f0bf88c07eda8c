/// What a write decided against the state, before it is applied: its changes, the events it announces and the reply.
package struct WritePlan: Sendable {
    /// The changes, applied in order and journaled as one record.
    package var changes: [InstanceChange]
    /// The events, logged in order after the changes.
    package var events: [PendingEvent]
    /// The answer once the record is durable.
    package var reply: Reply

    /// Makes a plan.
    package init(changes: [InstanceChange] = [], events: [PendingEvent] = [], reply: Reply) {
        self.changes = changes
        self.events = events
        self.reply = reply
    }
}
