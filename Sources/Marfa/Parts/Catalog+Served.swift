import MarfaEngine

/// The catalog the instance serves now, read online (P-19, P-20; device-cli.md "later also `types served`,
/// `edge-types served`", Decision 0115), beside the catalog the copy holds, which this read leaves as it is.
extension Catalog {
    /// Every item type the instance serves to this key now, its inheritance resolved as the instance answers it.
    /// Throws `noServer` for a copy with no server, and the instance's refusal as any read's.
    public func servedItemTypes() async throws -> [ItemType] {
        try await served().itemTypes
    }

    /// Every edge type the instance serves to this key now. Throws as `servedItemTypes()` does.
    public func servedEdgeTypes() async throws -> [EdgeType] {
        try await served().edgeTypes
    }

    private func served() async throws -> CatalogSnapshot {
        try await engine.ensureOpen()
        let call = try servers.begin()
        defer { call.end() }
        guard let server = call.server else {
            throw MarfaError.noServer(message: "the served catalog is read online")
        }
        return try await CatalogReader(client: InstanceClient(server: server)).read()
    }
}
