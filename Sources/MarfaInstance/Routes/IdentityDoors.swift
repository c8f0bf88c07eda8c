import MarfaRules

/// `GET /` and `GET /keys/current` (P-17, P-18).
package enum IdentityDoors {
    /// The features `GET /` lists.
    package static let features = ["reference", "plain_stream", "test_hooks", "idempotency", "conflict_auto"]

    /// `{"instance_id", "contract", "version", "features"}`, answered without a credential.
    package static func root(_ core: InstanceCore) -> Reply {
        let instanceId = (try? core.read { $0.instanceId }) ?? ""
        return .ok([
            "instance_id": .string(instanceId), "contract": .integer(Int64(InstanceRouter.contract)),
            "version": "marfa-reference-1", "features": .array(features.map(JSONValue.string)),
        ])
    }

    /// The calling key's record (P-18).
    package static func currentKey(_ request: DoorRequest) throws(Refusal) -> Reply {
        guard request.segments[1] == "current" else { throw Refusal(404, "not_found", "No such path.") }
        _ = try request.query([])
        return Reply(status: 200, body: request.access.key.json)
    }
}
