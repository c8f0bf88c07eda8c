import Foundation
import MarfaInstance

/// A reference instance running inside this process: what `marfa instance serve` runs, and what a demo can start on
/// an ephemeral loopback port to have a server without another process.
struct LoopbackInstance: Sendable {
    /// The running instance.
    let instance: ReferenceInstance
    /// Where it answers.
    let url: URL
    /// Its operator key.
    let key: String
    /// Whether the key was made at this start and should be shown once.
    let keyWasGenerated: Bool
    /// The data folder it keeps its state in.
    let dataDirectory: String

    /// Starts an instance on `host:port` (port 0 for an ephemeral one) keeping its state in `dataDirectory`, or in a
    /// temporary folder removed at stop.
    static func start(dataDirectory: String?, host: String = "127.0.0.1", port: Int = 0, key: String?) async throws
        -> LoopbackInstance
    {
        let instance = ReferenceInstance(
            configuration: ReferenceInstanceConfiguration(
                dataDirectory: dataDirectory, host: host, port: port, operatorKey: key))
        try await instance.start()
        guard let url = instance.url, let operatorKey = instance.operatorKey, let folder = instance.dataDirectory else {
            await instance.stop()
            throw UsageError("the instance did not start")
        }
        return LoopbackInstance(
            instance: instance, url: url, key: operatorKey, keyWasGenerated: instance.operatorKeyWasGenerated,
            dataDirectory: folder)
    }

    /// Stops gracefully: open streams end with `server_stopping`, the state is snapshotted and the folder released.
    func stop() async {
        await instance.stop()
    }
}
