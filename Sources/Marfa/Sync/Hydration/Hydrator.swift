import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fills a copy from the instance (WC-8 to WC-15): checks the slice, reads the head before any row, reads the
/// catalog and registers the declared types it lacks (P-21), walks every page of each type and of each edge type held
/// whole, then lays the queue over the rows.
struct Hydrator {
    let client: InstanceClient
    let engine: CopyActor
    /// Told of each page's progress while the fill runs.
    var progress: @Sendable (FillProgress) -> Void = { _ in }

    /// Refuses an empty type list, a bare `*` and a malformed type before any request (WC-8).
    static func checkTypes(_ types: [String]) throws(MarfaError) {
        guard !types.isEmpty else {
            throw MarfaError.validation(code: "validation_error", message: "hydrate needs at least one type")
        }
        for type in types {
            let isPattern = type.hasSuffix(".*") && FieldRules.isTypeName(String(type.dropLast(2)) + ".x")
            guard type != "*", isPattern || FieldRules.isTypeName(type) else {
                throw MarfaError.validation(code: "validation_error", message: "\"\(type)\" is not a type of a slice")
            }
        }
    }

    /// Refuses a type or an edge type the instance's catalog does not hold, naming it, before the copy is cleared
    /// and before any page is read (issue 28 point 2); a pattern (`ns.*`) is the instance's to expand.
    static func checkHeld(types: [String], edgeTypes: [String], in catalog: CatalogSnapshot) throws(MarfaError) {
        for type in types where !type.hasSuffix(".*") && !catalog.holdsItemType(type) {
            throw MarfaError.unknownType(message: "the instance holds no type \(type); nothing was cleared")
        }
        for edgeType in edgeTypes where catalog.edgeType(edgeType) == nil {
            throw MarfaError.unknownType(message: "the instance holds no edge type \(edgeType); nothing was cleared")
        }
    }

    /// Refuses `forbidden`, naming it, a declared type the key's `type_permissions` do not let it read, before the
    /// copy is cleared (P-18; issue 28 point 5). A credential that cannot read its own record (a signed-in app's
    /// token, answered 403) takes the slice as declared.
    private func checkReadable(types: [String], in catalog: CatalogSnapshot) async throws(MarfaError) {
        let grants: [String: String]
        do {
            grants = try await InstanceIdentity(client: client).typeGrants()
        } catch .forbidden {
            return
        }
        let reach = KeyReach(catalog: catalog, typeGrants: grants)
        if let unreadable = types.first(where: { !reach.reads($0) }) {
            throw MarfaError.forbidden(
                code: "forbidden",
                message: "the key cannot read \(unreadable), which the slice declares; nothing was cleared")
        }
    }

    /// Fills the copy once every fill asked for before has ended (one at a time, Decision 0098).
    func hydrate(types: [String], tier: SliceTier, edgeTypes: [String]) async throws -> HydrateReport {
        try Self.checkTypes(types)
        guard engine.role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        return try await engine.fills.run { [self] in try await fill(types: types, tier: tier, edgeTypes: edgeTypes) }
    }

    private func fill(types: [String], tier: SliceTier, edgeTypes: [String]) async throws -> HydrateReport {
        let instanceId = try await InstanceIdentity(client: client).instanceId()
        let head = try await headCursor()
        var catalog = try await CatalogReader(client: client).read()
        let registration = try await TypeRegistrar(client: client)
            .register(try await engine.declaredTypes(), missingFrom: catalog)
        if !registration.registered.isEmpty { catalog = try await CatalogReader(client: client).read() }
        try Self.checkHeld(types: types, edgeTypes: edgeTypes, in: catalog)
        try await checkReadable(types: types, in: catalog)
        let slice = Slice(types: types, tier: tier, edgeTypes: edgeTypes)
        let expected = engine.configuration.swiftFillRules
            ? await FillEstimate(client: client).expected(types: types, tier: tier) : nil
        let fill = try await engine.beginHydration(slice)
        var commits = PageCommits(engine: engine, fill: fill)
        let pages: UInt64
        do {
            pages = try await fillRows(
                types: types, tier: tier, edgeTypes: edgeTypes, expected: expected, commits: &commits)
            try await commits.drain()
        } catch {
            await commits.settle()
            if fill.inPlace { try? await engine.abandonRefill(fill) }
            throw error
        }
        let cursor = head.description
        do {
            let pins = PinFetcher(client: client, engine: engine)
            for id in await engine.pinnedIds() {
                try await engine.refreshPinned(id, fetched: try await pins.refetch(id))
            }
            try await engine.finishHydration(fill, cursor: cursor, instanceId: instanceId, catalog: catalog)
        } catch {
            if fill.inPlace { try? await engine.abandonRefill(fill) }
            throw error
        }
        let standing = await engine.standing()
        return HydrateReport(
            types: types, tier: tier, edgeTypes: edgeTypes, items: UInt64(standing.items),
            edges: UInt64(standing.edges), pages: pages, cursor: cursor, registeredTypes: registration.registered,
            unregisteredTypes: registration.unregistered)
    }

    /// Walks every page of each slice type and of each edge type held whole, handing each page to `commits` and
    /// telling `progress` the rows listed out of the `expected` the instance counted; answers the pages read.
    private func fillRows(
        types: [String], tier: SliceTier, edgeTypes: [String], expected: UInt64?, commits: inout PageCommits
    ) async throws(MarfaError) -> UInt64 {
        var listed: UInt64 = 0
        var pages: UInt64 = 0
        let reader = PageReader(client: client)
        for type in types {
            let itemPages = try await reader.walk(
                "/items", query: itemQuery(type: type, tier: tier),
                decode: { body throws(MarfaError) in try WireRows.itemPage(body, path: "/items") }
            ) { rows throws(MarfaError) in
                var page = FillPage()
                for parsed in rows {
                    let edges = try await edgesOf(parsed, pages: &pages)
                    page.rows.append(FillPage.Row(item: parsed.item, extensions: parsed.extensions, edges: edges))
                }
                try await commits.commit(page)
                listed += UInt64(rows.count)
                progress(FillProgress(listed: listed, expected: expected))
            }
            pages += itemPages
        }
        for edgeType in edgeTypes {
            let query = [URLQueryItem(name: "edge_type", value: edgeType), URLQueryItem(name: "limit", value: "500")]
            let edgePages = try await reader.walk("/edges", query: query) { rows throws(MarfaError) in
                var page = FillPage()
                for row in rows { page.edges.append(try WireRows.edge(row)) }
                try await commits.commit(page)
            }
            pages += edgePages
        }
        return pages
    }

    private func itemQuery(type: String, tier: SliceTier) -> [URLQueryItem] {
        [
            URLQueryItem(name: "type", value: type), URLQueryItem(name: "tier", value: tier.rawValue),
            URLQueryItem(name: "state", value: "any"), URLQueryItem(name: "include", value: "edges,metadata"),
            URLQueryItem(name: "limit", value: "200"),
        ]
    }

    /// The item's outbound edges: each hydrated block, continued at `/items/{id}/edges` when it has a cursor (P-58).
    private func edgesOf(_ row: WireRows.ItemRow, pages: inout UInt64) async throws(MarfaError) -> [Edge] {
        let read = try await EdgeBlocks(client: client).edges(of: row.item.id, blocks: row.edgeBlocks)
        pages += read.pages
        return read.edges
    }

    /// The log head, read before any row (WC-10): the `stream_cursor` of a stream opened with no cursor.
    private func headCursor() async throws -> EventID {
        let stream = try EventStreamConnection(client: client, lastEventId: nil)
        defer { stream.close() }
        for try await event in stream.events {
            if case .streamCursor(let head, _) = event { return head }
            throw MarfaError.decoding(message: "the event stream did not open with stream_cursor")
        }
        throw MarfaError.streamIncomplete(reason: "closed", message: "the event stream ended before naming its head")
    }
}
