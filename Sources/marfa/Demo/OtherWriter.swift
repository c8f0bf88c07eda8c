import Foundation
import Marfa

/// Another device writing to the tutorial's instance straight over HTTP, as `marfa items update` does in seed 002.
struct OtherWriter {
    let client: InstanceClient

    /// Changes `properties` of item `id` at `version`, as another device would (seed 002 line 54).
    func update(_ id: String, version: Int64, properties: JSONObject) async throws {
        let body: JSONValue = ["version": .integer(version), "properties": .object(properties)]
        let answer = try await client.send(
            "PATCH", "/items/\(id)", body: body, idempotencyKey: ItemID.make(), isWrite: true)
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
    }

    /// The instance's version of item `id`.
    func version(of id: String) async throws -> Int64 {
        let body = try InstanceClient.document(try await client.readBody("/items/\(id)"), path: "/items/\(id)")
        guard let version = body.object?["item"]?.object?["version"]?.integer else {
            throw MarfaError.decoding(message: "the instance's answer for item \(id) names no version")
        }
        return version
    }
}
