/// One link or embed as typed in an item's body, and what it names (F009, F099).
public struct BodyName: Sendable, Hashable {
    /// As it appears in the body: `[[Note|shown]]`, `![[photo.png]]`.
    public let text: String
    /// What it is read as: the name before any `#` or `|`, or an embed's path or name.
    public let name: String
    /// What it names.
    public let target: BodyTarget

    /// Makes a body name.
    public init(text: String, name: String, target: BodyTarget) {
        self.text = text
        self.name = name
        self.target = target
    }
}
