import Foundation
import MarfaEngine

/// Registers the app's declared types the instance lacks at hydration (P-21, swift-api.md §2 "Declare"; issue 29
/// "Types before the first fill"): parents first, one `POST /types` each; `201` registers, `409 type_already_exists`
/// means the instance holds it already, any other refusal is reported and the hydration goes on.
struct TypeRegistrar {
    let client: InstanceClient

    /// What the registration did: the ids registered now, and the ones the instance refused.
    struct Outcome: Sendable {
        var registered: [String] = []
        var unregistered: [UnregisteredType] = []
    }

    /// Registers each of `declarations` (normalized JSON type records) that `catalog` does not hold. A transport
    /// failure, a `5xx` or a `429` throws, before the copy is cleared.
    func register(_ declarations: [String], missingFrom catalog: CatalogSnapshot) async throws(MarfaError) -> Outcome {
        let declared = try TypeDeclarations.read(declarations).filter { !catalog.holdsItemType($0.type.id) }
        var outcome = Outcome()
        for (type, json) in Self.parentsFirst(declared) {
            let body: JSONValue
            do {
                body = try JSONValue(json: json)
            } catch {
                throw MarfaError.decoding(message: "the declaration of \(type.id) is not JSON: \(error)")
            }
            let answer = try await client.send(
                "POST", "/types", body: body, idempotencyKey: UUID().uuidString, isWrite: true)
            if answer.isSuccess {
                outcome.registered.append(type.id)
                continue
            }
            if answer.status == 429 || answer.status >= 500 { throw ErrorEnvelope.readError(answer) }
            let refusal = ErrorEnvelope.parse(answer)
            if refusal?.code == "type_already_exists" { continue }
            outcome.unregistered.append(
                UnregisteredType(
                    id: type.id, code: refusal?.code ?? "http_\(answer.status)",
                    message: refusal?.message ?? "the instance answered \(answer.status)"))
        }
        return outcome
    }

    /// `declared` ordered so that a type declared with a declared parent comes after it; otherwise as declared.
    static func parentsFirst(_ declared: [(type: ItemType, json: String)]) -> [(type: ItemType, json: String)] {
        var pending = declared
        var ordered: [(type: ItemType, json: String)] = []
        while !pending.isEmpty {
            let waiting = Set(pending.map(\.type.id))
            let ready = pending.firstIndex { entry in entry.type.parent.map { !waiting.contains($0) } ?? true } ?? 0
            ordered.append(pending.remove(at: ready))
        }
        return ordered
    }
}
