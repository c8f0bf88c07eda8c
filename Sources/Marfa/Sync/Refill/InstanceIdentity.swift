/// Who answers at the copy's origin and what the key may read there (P-17, P-18).
struct InstanceIdentity {
    let client: InstanceClient

    /// The `instance_id` that `GET /` answers.
    func instanceId() async throws(MarfaError) -> String {
        let identity = try await client.read("/")
        guard let served = identity.object?["instance_id"]?.string else {
            throw MarfaError.decoding(message: "the instance did not name its instance_id")
        }
        return served
    }

    /// The key's `type_permissions` from `GET /keys/current`: each pattern and its level.
    func typeGrants() async throws(MarfaError) -> [String: String] {
        let record = try await client.read("/keys/current")
        var grants: [String: String] = [:]
        for (pattern, level) in record.object?["type_permissions"]?.object ?? [:] {
            if let level = level.string { grants[pattern] = level }
        }
        return grants
    }
}
