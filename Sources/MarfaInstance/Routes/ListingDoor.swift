import Foundation
import MarfaRules

/// `GET /items` (P-22, P-13, P-43): type subtrees and `ns.*`, states, tiers, sources, tags, filters, orders, time
/// bounds, includes, and cursors bound to their listing.
package enum ListingDoor {
    private static let declared: Set<String> = [
        "type", "state", "tier", "source", "tags", "filter", "sort", "direction", "occurred_after", "occurred_before",
        "updated_after", "updated_before", "limit", "cursor", "include",
    ]

    /// Answers one page, written straight to JSON bytes (`ListingPageWriter`).
    package static func list(_ request: DoorRequest) throws(Refusal) -> [UInt8] {
        let query = try request.query(declared, prefixes: ["edge[", "backref["])
        let access = request.access
        let include = try includes(query)
        var listing = ItemListing(
            types: try types(query["type"], access: access, withSystem: include.contains("system")),
            states: try states(query["state"]), tier: try tier(query["tier"]), source: query["source"],
            tags: query.list("tags") ?? [],
            filter: try ListingFilter.evaluator(text: query["filter"], shorthands: shorthands(query), access: access),
            occurredAfter: try InstantText.query(query, "occurred_after"),
            occurredBefore: try InstantText.query(query, "occurred_before"),
            updatedAfter: try InstantText.query(query, "updated_after"),
            updatedBefore: try InstantText.query(query, "updated_before"),
            order: try order(query), limit: try query.limit(in: 1...200, default: 50))
        let shorthands = shorthands(query)
        var parts: [String] = ["items", "system=\(include.contains("system"))"]
        for name in declared.subtracting(["limit", "cursor", "include"]).sorted() {
            parts.append("\(name)=\(query[name] ?? "")")
        }
        for pair in shorthands { parts.append("\(pair.name)=\(pair.value)") }
        let fingerprint = Digest.hex(parts.joined(separator: "|"))
        if let text = query["cursor"], !text.isEmpty {
            let cursor = try ListingCursor.read(text, fingerprint: fingerprint)
            listing.after = (cursor.value, cursor.id)
        }
        let withEdges = include.contains("edges")
        let page = try request.core.read { state throws(Refusal) in
            let (rows, next) = listing.page(in: state)
            let listed = rows.map { stored in
                // Not a ternary with `nil`: JSONValue is nil-literal expressible, so that would hold `.null`.
                var row = ListingPageWriter.Row(stored: stored, edgeBlocks: Optional.none)
                if withEdges { row.edgeBlocks = EdgePages.blocks(of: stored, in: state, access: access) }
                return row
            }
            return (listed, next)
        }
        let cursor = page.1.map { ListingCursor(fingerprint: fingerprint, value: $0.value, id: $0.id).text }
        do {
            return try ListingPageWriter(include: include).page(page.0, nextCursor: cursor)
        } catch {
            throw Refusal(500, "internal_error", "Internal server error")
        }
    }

    private static func shorthands(_ query: QueryValues) -> [(name: String, value: String)] {
        query.pairs(withPrefix: "edge[") + query.pairs(withPrefix: "backref[")
    }

    private static func includes(_ query: QueryValues) throws(Refusal) -> Set<String> {
        let named = Set(query.list("include") ?? [])
        let unknown = named.subtracting(["edges", "metadata", "extensions", "system"])
        guard unknown.isEmpty else {
            throw Refusal.validation(
                "include takes edges, metadata, extensions and system.", details: ["field": "include"])
        }
        return named
    }

    /// The readable types a `type` value selects (P-22): the type and its subtree, or every type under `ns.`, or
    /// every type but `system.*` (unless included) when absent.
    static func types(_ value: String?, access: Access, withSystem: Bool) throws(Refusal) -> Set<String> {
        let catalog = access.catalog
        let scope: [String]
        if let value {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if trimmed == "*" { throw Refusal.validation("type cannot be *; omit it to list every type.") }
            if trimmed.hasSuffix(".*") {
                let namespace = String(trimmed.dropLast(2))
                guard FieldRules.isTypeName(namespace + ".x") else {
                    throw Refusal.validation("\"\(trimmed)\" is not a type pattern.", details: ["field": "type"])
                }
                scope = catalog.itemTypes.map(\.id).filter { $0.hasPrefix(namespace + ".") }
            } else {
                guard FieldRules.isTypeName(trimmed) else {
                    throw Refusal.validation("\"\(trimmed)\" is not a type.", details: ["field": "type"])
                }
                scope =
                    catalog.itemType(trimmed) == nil
                    ? []
                    : catalog.itemTypes.map(\.id).filter {
                        catalog.isType($0, within: trimmed)
                    }
            }
            guard !scope.isEmpty else {
                throw Refusal(
                    400, "unknown_type", "The catalog holds no type \"\(trimmed)\".",
                    details: ["type": .string(trimmed)])
            }
            let readable = scope.filter(access.reads)
            guard !readable.isEmpty else { throw Refusal.typeNotPermitted(trimmed, level: .read) }
            return Set(readable)
        }
        scope = catalog.itemTypes.map(\.id).filter { withSystem || !$0.hasPrefix("system.") }
        return Set(scope.filter(access.reads))
    }

    private static func states(_ value: String?) throws(Refusal) -> Set<ItemState> {
        switch value ?? "active" {
        case "active": return [.active]
        case "archived": return [.archived]
        case "trashed": return [.trashed]
        case "any": return [.active, .archived, .trashed, .revoked]
        default: throw Refusal.validation("state takes active, archived, trashed or any.", details: ["field": "state"])
        }
    }

    private static func tier(_ value: String?) throws(Refusal) -> SliceTier {
        guard let tier = SliceTier(rawValue: value ?? "all") else {
            throw Refusal.validation("tier takes library, feed or all.", details: ["field": "tier"])
        }
        return tier
    }

    private static func order(_ query: QueryValues) throws(Refusal) -> ListingOrder {
        if query["updated_after"] != nil { return .updated(descending: false) }
        let descending: Bool
        switch query["direction"] ?? "desc" {
        case "desc": descending = true
        case "asc": descending = false
        default: throw Refusal.validation("direction takes asc or desc.", details: ["field": "direction"])
        }
        switch query["sort"] ?? "created_at" {
        case "created_at": return .created(descending: descending)
        case "updated_at": return .updated(descending: descending)
        case "occurred_at": return .occurred(descending: descending)
        case let sort where sort.hasPrefix("properties."):
            let name = String(sort.dropFirst("properties.".count))
            guard let first = name.unicodeScalars.first,
                first == "_" || (first.isASCII && first.properties.isAlphabetic),
                name.unicodeScalars.allSatisfy({
                    $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                })
            else { throw Refusal.validation("\(sort) is not a property to sort by.", details: ["field": "sort"]) }
            return .property(name, descending: descending)
        default:
            throw Refusal.validation(
                "sort takes created_at, updated_at, occurred_at or properties.<name>.", details: ["field": "sort"])
        }
    }
}
