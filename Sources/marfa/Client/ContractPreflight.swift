import Marfa

/// The command line's first request to an instance (P-17; issue 28 point 3, Decision 0089): `GET /` without the
/// key, so a server on another contract, or on none, is refused before anything carrying the key is sent.
enum ContractPreflight {
    /// Passes a server whose root names this build's contract; throws `contractMismatch` otherwise. A root that
    /// cannot be reached is passed when `offline` allows it: the operation then meets the failure as it always
    /// has (a drain reports the instance unreachable), and otherwise the failure is thrown.
    static func check(_ server: Server, offline: Bool) async throws {
        let contract: RootContract
        do {
            contract = try await RootContract.read(InstanceClient(server: server))
        } catch .network where offline {
            return
        }
        try contract.check(server: server.url.absoluteString)
    }
}
