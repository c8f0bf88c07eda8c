/// The contract header rule (WC-73, WC-74): every answer must name exactly the contract this client speaks.
package enum ContractCheck {
    /// The contract this client is built for.
    package static let contract = "3"
    /// The header that carries it.
    package static let headerName = "x-marfa-contract"

    /// The mismatch for an answer, or nil when it names exactly our contract or is a refusal with no header
    /// (a refusal without the header came from something in between and is passed on as it is, WC-75).
    package static func mismatch(
        in answer: InstanceAnswer, server: String, isWrite: Bool
    ) -> MarfaError? {
        let values = Set(answer.headers[headerName] ?? [])
        if values.isEmpty {
            guard answer.isSuccess else { return nil }
            return .contractMismatch(
                served: nil, expected: contract, status: answer.status, writeSent: isWrite,
                message: "\(server) answered \(answer.status) with no X-Marfa-Contract header; it may not be a Marfa "
                    + "server (this client speaks contract \(contract))" + (isWrite ? "" : "; no write was sent"))
        }
        guard values.count > 1 || values.first != contract else { return nil }
        let served = values.sorted().joined(separator: ", ")
        return .contractMismatch(
            served: served, expected: contract, status: answer.status, writeSent: isWrite,
            message: "\(server) answered \(answer.status) on contract \(served), but this client speaks contract "
                + "\(contract)" + (isWrite ? "" : "; no write was sent"))
    }
}
