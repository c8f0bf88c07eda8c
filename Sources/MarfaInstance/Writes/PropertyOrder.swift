import MarfaRules

/// The order an item's properties are stored and answered in (P-60): the type's declared fields in type order,
/// then the others as first written (Decision 0113).
package enum PropertyOrder {
    /// `properties` in P-60's order: those `type` declares in its field order, then the others in the order
    /// `earlier` holds them (the row before a revision), then the rest in `properties`' own order.
    package static func ordered(_ properties: JSONObject, type: ItemType, earlier: JSONObject = [:]) -> JSONObject {
        var ordered = JSONObject(minimumCapacity: properties.count)
        for field in type.fields {
            if let value = properties[field.name] { ordered[field.name] = value }
        }
        for name in earlier.keys where ordered[name] == nil {
            if let value = properties[name] { ordered[name] = value }
        }
        for (name, value) in properties where ordered[name] == nil { ordered[name] = value }
        return ordered
    }
}
