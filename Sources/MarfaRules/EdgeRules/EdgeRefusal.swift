/// The refusals the edge rules answer, each with the instance's code and `details` (P-46, P-47, P-90, P-91; F088).
package enum EdgeRefusal {
    /// An end in the bin: the instance answers it as a missing item, `item_not_found`, telling neither apart.
    package static func inBin(_ end: EdgeEnd, id: String) -> MarfaError {
        .notFound(code: "item_not_found", message: "The edge's \(end.rawValue) \(id) is missing or in the bin.")
    }

    /// An edge type the catalog does not hold, `edge_type_not_found`.
    package static func unknownType(_ edgeType: String) -> MarfaError {
        .notFound(code: "edge_type_not_found", message: "The catalog holds no edge type \"\(edgeType)\".")
    }

    /// An edge from an item to itself, `edge_cycle` on every edge type.
    package static func selfLoop(_ edgeType: String) -> MarfaError {
        .validation(
            code: "edge_cycle", message: "A \(edgeType) edge cannot join an item to itself.",
            details: ["edge_type": .string(edgeType)])
    }

    /// An end whose type the edge type's constraints for that end do not admit.
    package static func endType(_ end: EdgeEnd, type: String, edgeType: EdgeType) -> MarfaError {
        let allowed = end == .source ? edgeType.sourceTypeConstraints : edgeType.targetTypeConstraints
        return .validation(
            code: "edge_constraint_violation",
            message: "A \(edgeType.id) edge cannot have a \(end.rawValue) of type \(type).",
            details: [
                "edge_type": .string(edgeType.id), "\(end.rawValue)_type": .string(type),
                "allowed": .array(allowed.map(JSONValue.string)),
            ])
    }

    /// A placement in a revoked folder, which takes no new one.
    package static func revokedFolder(_ edgeType: String, targetId: String) -> MarfaError {
        .validation(
            code: "edge_constraint_violation", message: "The folder \(targetId) is revoked and takes no new placement.",
            details: ["edge_type": .string(edgeType), "target_id": .string(targetId), "constraint": "revoked"])
    }

    /// A member of a flat edge type that could itself be a target: containers do not nest.
    package static func nesting(_ edgeType: String, sourceId: String, sourceType: String) -> MarfaError {
        .validation(
            code: "edge_constraint_violation",
            message: "A \(edgeType) edge does not nest: a \(sourceType) cannot be a member; "
                + "use parent-of for a hierarchy.",
            details: [
                "edge_type": .string(edgeType), "source_id": .string(sourceId), "source_type": .string(sourceType),
                "constraint": "nesting",
            ])
    }

    /// A second edge of one type between the same two items.
    package static func duplicate(_ edgeType: String, sourceId: String, targetId: String) -> MarfaError {
        .validation(
            code: "edge_constraint_violation", message: "A \(edgeType) edge already joins these two items.",
            details: [
                "edge_type": .string(edgeType), "source_id": .string(sourceId), "target_id": .string(targetId),
                "constraint": "duplicate",
            ])
    }

    /// A second edge at an end that holds its one edge of the type.
    package static func cardinality(_ edgeType: EdgeType, end: EdgeEnd, id: String) -> MarfaError {
        let held = end == .source ? "outgoing" : "incoming"
        return .validation(
            code: "edge_constraint_violation",
            message: "The \(end.rawValue) already holds its one \(held) \(edgeType.id) edge "
                + "(\(edgeType.cardinality.rawValue)).",
            details: [
                "edge_type": .string(edgeType.id), "\(end.rawValue)_id": .string(id), "constraint": "cardinality",
            ])
    }

    /// An edge that would close a cycle on a type that forbids one.
    package static func cycle(_ edgeType: String, sourceId: String, targetId: String) -> MarfaError {
        .validation(
            code: "edge_cycle", message: "A \(edgeType) edge from \(sourceId) to \(targetId) would close a cycle.",
            details: ["edge_type": .string(edgeType), "source_id": .string(sourceId), "target_id": .string(targetId)])
    }

    /// A move of an end while the end that stays can hold many edges of the type: `validation_error`.
    package static func moveAtManySide(_ edgeType: EdgeType, moving end: EdgeEnd) -> MarfaError {
        let staying: EdgeEnd = end == .source ? .target : .source
        let message = "A \(edgeType.id) edge's \(end.rawValue) cannot move: its \(staying.rawValue) may hold many "
            + "(\(edgeType.cardinality.rawValue)); delete the edge and create another."
        return .validation(
            code: "validation_error", message: message,
            details: ["errors": [["path": .string("\(end.rawValue)_id"), "message": .string(message)]]])
    }
}
