import MarfaRules

/// Turns tag, metadata and extension writes into state changes and queue rows (Q-3: each its own write).
package struct MetadataWritePlanner {
    private let items: ItemWritePlanner

    /// Makes a planner over one moment of the state.
    package init(state: CopyState, context: WriteContext) {
        items = ItemWritePlanner(state: state, context: context)
    }

    /// Plans one tag added; a tag past the 100th is refused `validation_error` (F083, F092).
    package func addTag(_ tag: String, to id: String) throws(MarfaError) -> PlannedWrite {
        try FieldRules.checkTag(tag)
        var item = try items.heldItem(id)
        if !item.tags.contains(tag) {
            guard item.tags.count < FieldRules.maximumTags else {
                throw MarfaError.validation(
                    code: "validation_error", message: "an item holds at most \(FieldRules.maximumTags) tags")
            }
            item.tags.append(tag)
        }
        return tagPlan(.addTag, tag: tag, item: item)
    }

    /// Plans one tag removed (F083).
    package func removeTag(_ tag: String, from id: String) throws(MarfaError) -> PlannedWrite {
        var item = try items.heldItem(id)
        item.tags.removeAll { $0 == tag }
        return tagPlan(.removeTag, tag: tag, item: item)
    }

    /// Plans every tag of an item replaced in one write (F084), or merged into its tags.
    package func setTags(_ tags: [String], of id: String, merging: Bool) throws(MarfaError) -> PlannedWrite {
        for tag in tags { try FieldRules.checkTag(tag) }
        var item = try items.heldItem(id)
        var result = merging ? item.tags : []
        for tag in tags where !result.contains(tag) { result.append(tag) }
        guard result.count <= FieldRules.maximumTags else {
            throw MarfaError.validation(
                code: "validation_error", message: "an item holds at most \(FieldRules.maximumTags) tags")
        }
        item.tags = result
        let now = items.context.now()
        item.updatedAt = now
        var plan = PlannedWrite()
        plan.changes.append(.putItem(item))
        plan.queue(
            items.chainedWrite(
                merging ? .mergeMetadata : .replaceMetadata, itemId: id, body: ["tags": .array(tags.map(JSONValue.string))],
                now: now))
        return plan
    }

    /// Plans an extension body written under a namespace (F085); `core`, `marfa` and `system` are refused.
    package func writeExtension(_ namespace: String, _ body: JSONObject, on id: String) throws(MarfaError)
        -> PlannedWrite
    {
        try checkNamespace(namespace)
        try ExactIntegerRule.check(body)
        _ = try items.heldItem(id)
        let now = items.context.now()
        var plan = PlannedWrite()
        plan.changes.append(.putExtension(itemId: id, namespace: namespace, body: body))
        var write = items.chainedWrite(.writeExtension, itemId: id, body: body, now: now)
        write.namespace = namespace
        plan.queue(write)
        return plan
    }

    /// Plans an extension removed from a namespace (F085).
    package func deleteExtension(_ namespace: String, from id: String) throws(MarfaError) -> PlannedWrite {
        try checkNamespace(namespace)
        _ = try items.heldItem(id)
        let now = items.context.now()
        var plan = PlannedWrite()
        plan.changes.append(.removeExtension(itemId: id, namespace: namespace))
        var write = items.chainedWrite(.deleteExtension, itemId: id, body: [:], now: now)
        write.namespace = namespace
        plan.queue(write)
        return plan
    }

    private func checkNamespace(_ namespace: String) throws(MarfaError) {
        guard !namespace.isEmpty, !namespace.contains("/") else {
            throw MarfaError.validation(code: "validation_error", message: "\"\(namespace)\" is not a namespace")
        }
        guard !["core", "marfa", "system"].contains(namespace) else {
            throw MarfaError.forbidden(code: "forbidden", message: "the \(namespace) namespace is reserved")
        }
    }

    private func tagPlan(_ kind: WriteKind, tag: String, item: Item) -> PlannedWrite {
        var shown = item
        let now = items.context.now()
        shown.updatedAt = now
        var plan = PlannedWrite()
        plan.changes.append(.putItem(shown))
        var write = items.chainedWrite(kind, itemId: item.id, body: kind == .addTag ? ["tags": [.string(tag)]] : [:],
                                       now: now)
        write.tag = tag
        plan.queue(write)
        return plan
    }
}
