import Foundation

/// Reads the instance's catalog (P-19, P-20) into the snapshot the copy judges writes and reads by.
struct CatalogReader {
    let client: InstanceClient

    func read() async throws(MarfaError) -> CatalogSnapshot {
        let types = try await client.read("/types")
        let edgeTypes = try await client.read("/edge-types")
        do {
            let decoder = JSONDecoder()
            let itemTypes = try (types.object?["data"]?.array ?? []).map { value in
                try decoder.decode(ItemType.self, from: Data(try value.jsonBytes()))
            }
            let edges = try (edgeTypes.object?["data"]?.array ?? []).map { value in
                try decoder.decode(EdgeType.self, from: Data(try value.jsonBytes()))
            }
            return CatalogSnapshot(itemTypes: itemTypes, edgeTypes: edges)
        } catch {
            throw MarfaError.decoding(message: "the instance's catalog could not be read: \(error)")
        }
    }
}
