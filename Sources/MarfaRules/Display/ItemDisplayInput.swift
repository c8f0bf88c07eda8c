/// An item not yet saved, described for `displays(for:)` (F012): its type, its properties and its id if minted.
public struct ItemDisplayInput: Sendable, Hashable {
    /// The item's type, whose display hints name its title and body fields.
    public var type: String
    /// The item's properties.
    public var properties: JSONObject
    /// The item's id, if it has one.
    public var id: String?

    /// Makes an input.
    public init(type: String, properties: JSONObject, id: String? = nil) {
        self.type = type
        self.properties = properties
        self.id = id
    }
}
