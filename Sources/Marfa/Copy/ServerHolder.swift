import MarfaLocks

/// The instance and the key in use now, shared by the copy's parts so `useKey(_:)` changes it for all of them.
final class ServerHolder: Sendable {
    private let server: LockedValue<Server?>

    init(_ server: Server?) {
        self.server = LockedValue(server)
    }

    /// The instance and the key in use now, or nil for a copy opened without a server.
    var current: Server? { server.withLock { $0 } }

    /// Uses another key from now on.
    func useKey(_ key: String) {
        server.withLock { $0?.key = key }
    }
}
