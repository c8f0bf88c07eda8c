/// Everything a `ReferenceInstance` starts with, in one value with defaults.
package struct ReferenceInstanceConfiguration: Sendable {
    /// The data folder (created 0700); nil for a temporary folder removed at stop.
    package var dataDirectory: String?
    /// The numeric address to listen on.
    package var host = "127.0.0.1"
    /// The port; 0 asks for an ephemeral one.
    package var port = 0
    /// The operator key; nil takes the one kept in the data folder, or makes and keeps one.
    package var operatorKey: String?
    /// How long a silent event stream waits before a `:ping` (P-29).
    package var pingInterval: Duration = .seconds(30)
    /// How long stopping lets requests finish and streams send their last frame.
    package var shutdownGracePeriod: Duration = .seconds(5)
    /// Journal bytes past which a snapshot is written and older segments deleted.
    package var snapshotThresholdBytes: UInt64 = 64 * 1024 * 1024
    /// The most event streams open at once.
    package var streamCapacity = 256
    /// The clock the HTTP server's timeouts and pings are measured on; tests give a manual one.
    package var clock: any HTTPServerClock = SystemHTTPServerClock()
    /// What stands before the instance's own doors, for tests that script or record requests (a scripted server
    /// in front of the real one); it answers each request, calling `next` for the instance's answer. Nil: none.
    package var interposer: RequestInterposer?

    /// Makes a configuration; every argument has a default.
    package init(dataDirectory: String? = nil, host: String = "127.0.0.1", port: Int = 0, operatorKey: String? = nil) {
        self.dataDirectory = dataDirectory
        self.host = host
        self.port = port
        self.operatorKey = operatorKey
    }
}

/// Answers one request in front of the reference instance; `next` is the instance's own answer.
package typealias RequestInterposer =
    @Sendable (HTTPRequest, _ next: @Sendable (HTTPRequest) async -> HTTPResponse) async -> HTTPResponse
