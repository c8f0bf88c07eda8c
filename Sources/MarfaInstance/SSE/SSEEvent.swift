/// One server-sent event: optional `event:` name, `id:` and `retry:`, and data that may span several lines.
package struct SSEEvent: Sendable, Equatable {
    /// The `event:` field, or nil for the default `message` event.
    package var event: String?
    /// The `id:` field, or nil to leave the client's last event id unchanged.
    package var id: String?
    /// The payload; each of its lines becomes one `data:` line.
    package var data: String
    /// The `retry:` field in milliseconds, or nil.
    package var retry: Int?

    /// Makes an event.
    package init(event: String? = nil, id: String? = nil, data: String, retry: Int? = nil) {
        self.event = event
        self.id = id
        self.data = data
        self.retry = retry
    }
}
