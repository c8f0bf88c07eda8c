import MarfaRules

/// The `filter` of a listing with its `edge[T]=` and `backref[T]=` shorthands (P-69 to P-74), checked as the
/// instance checks them.
package enum ListingFilter {
    /// The evaluator for `text` and the shorthands, or nil when there is neither.
    /// - Throws: `400 validation_error` for the grammar's refusals, device-only fields (`part`, `status_group`), a
    ///   shorthand beside an `OR` filter or holding a backslash; `403 edge_permission_denied` for an edge type the
    ///   key cannot read.
    package static func evaluator(
        text: String?, shorthands: [(name: String, value: String)], access: Access
    ) throws(Refusal) -> FilterEvaluator? {
        var expression: FilterExpression?
        if let text {
            do {
                expression = try FilterExpression(decoding: text)
            } catch {
                throw Refusal(error)
            }
        }
        var conditions = expression?.conditions ?? []
        for (name, value) in shorthands {
            guard let field = shorthandField(name) else {
                throw Refusal.validation("Unknown filter shorthand \(name).")
            }
            if expression?.join == .any, (expression?.conditions.count ?? 0) > 1 {
                throw Refusal.validation("\(name) cannot be combined with an OR filter.")
            }
            guard !value.contains("\\") else { throw Refusal.validation("\(name) cannot hold a backslash.") }
            conditions.append(FilterCondition(field: field, operator: .eq, value: .text(value)))
        }
        guard !conditions.isEmpty else { return nil }
        for condition in conditions {
            switch condition.field {
            case .part, .statusGroup:
                throw Refusal.validation(
                    "Unknown field. The system fields are state, type, source, occurred_at, created_at, updated_at, "
                        + "tier, version, id, source_id; use properties.<name>, tags or edge[<type>].")
            case .edge(let edgeType), .backref(let edgeType):
                guard access.key.edgeTypes.level(for: edgeType).reads else {
                    throw Refusal.edgePermissionDenied(edgeType, level: .read)
                }
            default:
                continue
            }
        }
        let join = expression?.join ?? .all
        do {
            return try FilterEvaluator(FilterExpression(conditions: conditions, join: join), answersBackrefs: true)
        } catch {
            throw Refusal(error)
        }
    }

    private static func shorthandField(_ name: String) -> FilterField? {
        guard name.hasSuffix("]") else { return nil }
        if name.hasPrefix("edge[") { return .edge(String(name.dropFirst(5).dropLast())) }
        if name.hasPrefix("backref[") { return .backref(String(name.dropFirst(8).dropLast())) }
        return nil
    }
}
