/// What a write carries for one field: a value to set, or a clear (a property left out under `replace`, a null
/// `source_id`).
package enum CarriedValue: Sendable, Hashable {
    /// The field takes this value.
    case set(JSONValue)
    /// The field is removed.
    case clear

    /// The value the field holds after the write, nil for a clear.
    package var value: JSONValue? {
        if case .set(let value) = self { return value }
        return nil
    }
}
