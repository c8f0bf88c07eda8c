/// One `name=value` pair of a request target's query, both percent-decoded.
package struct HTTPQueryItem: Sendable, Equatable {
    /// The decoded name.
    package var name: String
    /// The decoded value; empty when the pair had no `=`.
    package var value: String

    /// Makes a query item.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
