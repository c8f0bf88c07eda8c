import Foundation
import MarfaRules
import MarfaLocks

/// Marfa's reference instance (P-95 to P-99): the instance protocol over HTTP/1.1 on a loopback or given address,
/// its state durable in a data folder, for the SDK's end-to-end tests, `marfa instance serve` and an in-process demo.
///
/// Start it, read `url` and `operatorKey`, and `stop()` it: open streams get `stream_incomplete` with
/// `server_stopping`, a last snapshot is written and the data folder released. Another start with the same folder
/// keeps ids, rows and the event log.
package final class ReferenceInstance: Sendable {
    private struct Running: Sendable {
        var server: HTTPServer
        var core: InstanceCore
        var port: Int
        var keyWasGenerated: Bool
        var temporaryFolder: String?
    }

    /// The configuration the instance was made with.
    package let configuration: ReferenceInstanceConfiguration
    private let running = LockedValue<Running?>(nil)

    /// Makes an instance; nothing listens until `start()`.
    package init(configuration: ReferenceInstanceConfiguration) {
        self.configuration = configuration
    }

    /// Opens the data folder, recovers the state, and listens; answers the bound port.
    /// - Throws: `MarfaError.readingHandle` when another instance holds the folder, storage and socket errors.
    @discardableResult
    package func start() async throws -> Int {
        let temporary = configuration.dataDirectory == nil
        let folder =
            configuration.dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("marfa-instance-\(ItemID.make())").path
        let (persistence, state, _) = try InstancePersistence.open(at: folder)
        let secret: String
        var generated = false
        if let given = configuration.operatorKey {
            secret = given
        } else {
            (secret, generated) = try OperatorKeyFile.load(in: persistence.directory)
        }
        let core = InstanceCore(
            state: state, persistence: persistence,
            operatorKey: .operatorKey(secret: secret, createdAt: Timestamp.string(from: Date())),
            streamCapacity: configuration.streamCapacity, snapshotThreshold: configuration.snapshotThresholdBytes)
        if state.instanceId.isEmpty {
            let instanceId = ItemID.make()
            _ = await core.write(claim: nil) { _ throws(Refusal) in
                WritePlan(changes: [.setInstanceId(instanceId)], reply: .ok([:]))
            }
        }
        var http = HTTPServerConfiguration(host: configuration.host, port: configuration.port)
        http.heartbeatInterval = configuration.pingInterval
        http.shutdownGracePeriod = configuration.shutdownGracePeriod
        http.clock = configuration.clock
        http.limits.maxBufferedStreamBytes = Self.streamBufferBytes
        let server = HTTPServer(configuration: http)
        let router = InstanceRouter(core: core)
        do {
            let interposer = configuration.interposer
            try server.start(gate: { head in router.refusalBeforeBody(head) }) { request in
                guard let interposer else { return await router.handle(request) }
                return await interposer(request) { await router.handle($0) }
            }
        } catch {
            await core.close()
            if temporary { try? FileManager.default.removeItem(atPath: folder) }
            throw error
        }
        let port = server.port
        running.withLock {
            $0 = Running(
                server: server, core: core, port: port, keyWasGenerated: generated,
                temporaryFolder: temporary ? folder : nil)
        }
        return port
    }

    /// Stops gracefully: streams end with `server_stopping`, in-flight requests finish, a last snapshot is written,
    /// the journal closes and the data folder is released (and removed when temporary). Later calls do nothing.
    package func stop() async {
        guard
            let current = running.withLock({ running -> Running? in
                defer { running = nil }
                return running
            })
        else { return }
        await current.server.stop()
        await current.core.close()
        if let folder = current.temporaryFolder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Waits until no snapshot is being written in the background, so a measurement that follows a burst of writes
    /// does not share the cores with it; does nothing when the instance is not running.
    package func settle() async {
        await running.withLock({ $0?.core })?.settle()
    }

    /// The base URL once started, such as `http://127.0.0.1:8080`.
    package var url: URL? {
        running.withLock { running in
            running.flatMap { URL(string: "http://\(Self.hostForURL(configuration.host)):\($0.port)") }
        }
    }

    /// The operator key once started.
    package var operatorKey: String? {
        running.withLock { $0?.core.operatorKey.secret }
    }

    /// Whether the operator key was made at this start (so it should be shown once).
    package var operatorKeyWasGenerated: Bool {
        running.withLock { $0?.keyWasGenerated ?? false }
    }

    /// The data folder in use once started.
    package var dataDirectory: String? {
        running.withLock { $0?.core.persistence.directory.path }
    }

    /// Mints a narrowed key with `grants` (P-95.2) and answers its secret; kept in the data folder.
    /// - Throws: `MarfaError.closed` when the instance is not running.
    package func mintKey(_ grants: KeyGrants) async throws -> String {
        guard let core = running.withLock({ $0?.core }) else {
            throw MarfaError.closed(message: "the reference instance is not running")
        }
        let key = AccessKey(
            id: "key_" + ItemID.make(), secret: AccessKey.makeSecret(), name: grants.name, source: grants.source,
            defaultTier: grants.defaultTier, types: GrantMap(grants.types), edgeTypes: GrantMap(grants.edgeTypes),
            extensions: GrantMap(grants.extensions), permissions: grants.permissions,
            createdAt: Timestamp.string(from: Date()))
        let reply = await core.write(claim: nil) { _ throws(Refusal) in
            WritePlan(changes: [.putKey(key)], reply: .ok([:]))
        }
        guard reply.status == 200 else { throw MarfaError.io(message: "the key could not be kept") }
        return key.secret
    }

    /// What one stream may hold unread: more than the largest body a write may carry, so any one event fits.
    private static let streamBufferBytes = 16 * 1024 * 1024

    private static func hostForURL(_ host: String) -> String {
        if host.contains(":"), !host.hasPrefix("[") { return "[\(host)]" }
        if host == "0.0.0.0" { return "127.0.0.1" }
        return host
    }
}
