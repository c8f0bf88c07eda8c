/// One complete frame of a `text/event-stream`: the fields read up to the blank line that ends it.
package struct SSEFrame: Sendable, Hashable {
    /// This frame's own `id:` field, or nil when it had none, as markers and terminal frames have none (P-29).
    package var id: String?
    /// The `event:` field, or nil when absent or empty.
    package var event: String?
    /// Every `data:` line of the frame, joined with `\n`.
    package var data: String

    /// Makes a frame from its fields.
    package init(id: String? = nil, event: String? = nil, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }
}

/// What the parser reads from a stream: a frame, or a comment line, which counts as activity for an idle window
/// (WC-28) but carries nothing.
package enum SSEOutput: Sendable, Hashable {
    /// A complete frame.
    case frame(SSEFrame)
    /// A `:` line, with the text after the colon (one leading space removed).
    case comment(String)
}
