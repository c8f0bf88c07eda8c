/// The contract an instance's root names (P-17; issue 28 point 3, Decision 0089): read without the credential, so
/// a server on another contract is never handed the key.
package struct RootContract: Sendable, Equatable {
    /// The `contract` member `GET /` answered, as text, or nil when it named none.
    package var served: String?

    /// The contract this build speaks.
    package static var builtFor: String { ContractCheck.contract }

    /// Whether the root names exactly the contract this build speaks.
    package var matches: Bool { served == Self.builtFor }

    /// Reads `GET /` with no Authorization header; a transport failure throws `network`, a refusal its class.
    package static func read(_ client: InstanceClient) async throws(MarfaError) -> RootContract {
        let answer = try await client.send("GET", "/", credential: false)
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        let root = try InstanceClient.document([UInt8](answer.body), path: "/")
        switch root.object?["contract"] {
        case .integer(let number)?: return RootContract(served: String(number))
        case .string(let text)?: return RootContract(served: text)
        default: return RootContract(served: nil)
        }
    }

    /// Throws `contractMismatch` when the root names another contract or none, naming the server and both.
    package func check(server: String) throws(MarfaError) {
        guard !matches else { return }
        throw MarfaError.contractMismatch(
            served: served, expected: Self.builtFor, status: 200, writeSent: false,
            message: "\(server)'s root names " + (served.map { "contract \($0)" } ?? "no contract")
                + ", but this client speaks contract \(Self.builtFor); nothing else was sent")
    }
}
