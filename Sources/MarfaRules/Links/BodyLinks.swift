/// The links and file embeds in an item's body, each with what it names (F009, F099).
public struct BodyLinks: Sendable, Hashable {
    /// The body's `[[links]]`, in order.
    public let links: [BodyName]
    /// The body's embeds of files; an embed of a note is text.
    public let embeds: [BodyName]

    /// Makes a body's links.
    public init(links: [BodyName] = [], embeds: [BodyName] = []) {
        self.links = links
        self.embeds = embeds
    }
}
