import Foundation
import Marfa

/// The answer shapes of the device command line (`device-cli.md`), snake_case, as JSON values.
enum JSONShapes {
    static func item(_ item: Item) -> JSONValue {
        var object: JSONObject = [
            "id": .string(item.id), "type": .string(item.type), "properties": .object(item.properties),
            "state": .string(item.state.rawValue), "tier": item.tier.map { .string($0.rawValue) } ?? .null,
            "version": .integer(item.version), "source": .string(item.source),
            "occurred_at": .string(item.occurredAt), "created_at": .string(item.createdAt),
            "updated_at": .string(item.updatedAt), "tags": .array(item.tags.map(JSONValue.string)),
        ]
        object["source_id"] = item.sourceId.map(JSONValue.string) ?? .null
        return .object(object)
    }

    static func edge(_ edge: Edge) -> JSONValue {
        [
            "id": .string(edge.id), "source_id": .string(edge.sourceId), "target_id": .string(edge.targetId),
            "edge_type": .string(edge.edgeType), "properties": .object(edge.properties),
            "version": .integer(edge.version), "created_at": .string(edge.createdAt),
            "updated_at": .string(edge.updatedAt),
        ]
    }

    static func queuedWrite(_ write: QueuedWrite) -> JSONValue {
        var object: JSONObject = [
            "id": .string(write.id), "kind": .string(write.kind.rawValue), "item_id": text(write.itemId),
            "target_id": text(write.targetId), "edge_id": text(write.edgeId), "namespace": text(write.namespace),
            "tag": text(write.tag), "blob": text(write.blob),
            "base_version": write.baseVersion.map(JSONValue.integer) ?? .null,
            "idempotency_key": .string(write.idempotencyKey), "depends_on": .array(write.dependsOn.map(JSONValue.string)),
            "follows": text(write.follows), "verdict": text(write.verdict?.name), "answer": text(write.answer),
            "body": .object(write.body), "refusals": .integer(write.refusals), "queued_at": .string(write.queuedAt),
            "answered_at": text(write.answeredAt),
        ]
        object.merge(verdictParts(write.verdict)) { _, part in part }
        return .object(object)
    }

    /// What a queue row and a drain's line say beside a verdict's name: the blocked or refused `reason`, the
    /// parsed `refusal`, and the `conflicted_copy_id`.
    private static func verdictParts(_ verdict: Verdict?) -> JSONObject {
        var parts: JSONObject = ["reason": .null, "refusal": .null, "conflicted_copy_id": .null]
        switch verdict {
        case .conflicted(let sibling, _)?:
            parts["conflicted_copy_id"] = .string(sibling)
        case .refused(let refused)?:
            parts["reason"] = .string(refused.reason)
            parts["refusal"] = refusal(refused)
        case .blocked(let reason, let refused)?:
            parts["reason"] = .string(reason.rawValue)
            parts["refusal"] = refused.map(refusal) ?? .null
        default: break
        }
        return parts
    }

    /// A drain's report with each write's verdict line.
    static func drainReport(_ report: DrainReport) -> JSONValue {
        [
            "answered": .integer(Int64(report.answered)), "held": .integer(Int64(report.held)),
            "undelivered": .integer(Int64(report.undelivered)), "unsent": .integer(Int64(report.unsent)),
            "unmade": .integer(Int64(report.unmade)), "unavailable": text(report.unavailable),
            "verdicts": .array(report.verdicts.map(drainVerdict)), "stopped": text(report.stopped),
            "unclaimed_sources": .array(report.unclaimedSources.map(JSONValue.string)),
            "retry_after_seconds": report.retryAfterSeconds.map { .integer(Int64($0)) } ?? .null,
        ]
    }

    /// One write's line in a drain report: its verdict with the reason, sibling, merged fields and refusal.
    static func drainVerdict(_ verdict: DrainVerdict) -> JSONValue {
        var object: JSONObject = [
            "id": .string(verdict.id), "kind": .string(verdict.kind.rawValue), "item_id": text(verdict.itemId),
            "edge_id": text(verdict.edgeId), "verdict": text(verdict.verdict?.name),
            "refusals": .integer(verdict.refusals), "replayed": .bool(verdict.replayed), "merged_fields": [],
        ]
        switch verdict.verdict {
        case .merged(let fields)?, .conflicted(_, let fields)?:
            object["merged_fields"] = .array(fields.map(JSONValue.string))
        default: break
        }
        object.merge(verdictParts(verdict.verdict)) { _, part in part }
        return .object(object)
    }

    static func refusal(_ refusal: Refusal) -> JSONValue {
        [
            "reason": .string(refusal.reason), "code": text(refusal.code), "message": text(refusal.message),
            "fields": .array(refusal.fields.map { ["field": .string($0.field), "message": .string($0.message)] }),
            "trashed": .bool(refusal.trashed),
            "grant": refusal.grant.map {
                ["kind": .string($0.kind.rawValue), "name": .string($0.name), "level": .string($0.level.rawValue)]
            } ?? .null,
        ]
    }

    static func status(_ status: Status) -> JSONValue {
        [
            "server_origin": text(status.serverOrigin), "instance_id": text(status.instanceId),
            "slice_types": .array(status.sliceTypes.map(JSONValue.string)),
            "slice_tier": text(status.sliceTier?.rawValue),
            "slice_edge_types": .array(status.sliceEdgeTypes.map(JSONValue.string)),
            "pinned": .array(status.pinned.map(JSONValue.string)), "event_cursor": text(status.eventCursor),
            "hydration": .string(status.hydration.rawValue), "items": .integer(Int64(status.items)),
            "edges": .integer(Int64(status.edges)),
            "catalog_version": status.catalogVersion.map { .integer(Int64($0)) } ?? .null,
            "recovery": status.recovery.flatMap(encoded) ?? .null,
        ]
    }

    /// The JSON of an encodable value as its `Codable` conformance writes it, nil if it cannot be written.
    static func encoded(_ value: some Encodable) -> JSONValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONValue(jsonBytes: data)
    }

    static func hydrateReport(_ report: HydrateReport) -> JSONValue {
        [
            "types": .array(report.types.map(JSONValue.string)), "tier": .string(report.tier.rawValue),
            "edge_types": .array(report.edgeTypes.map(JSONValue.string)), "items": .integer(Int64(report.items)),
            "edges": .integer(Int64(report.edges)), "pages": .integer(Int64(report.pages)),
            "cursor": .string(report.cursor),
        ]
    }

    static func error(_ error: MarfaError, exit: Int32) -> JSONValue {
        var inner: JSONObject = ["code": .string(error.code()), "message": .string(error.message)]
        if let serverCode = error.serverCode { inner["server"] = ["code": .string(serverCode)] }
        if case .validation(_, _, let details?) = error { inner["details"] = details }
        return ["error": .object(inner), "exit": .integer(Int64(exit))]
    }

    /// A text, or null when there is none.
    static func text(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }
}
