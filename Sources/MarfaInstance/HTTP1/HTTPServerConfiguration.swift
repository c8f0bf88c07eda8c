/// Everything an `HTTPServer` is started with, in one value with defaults.
package struct HTTPServerConfiguration: Sendable {
    /// The numeric address to listen on: `127.0.0.1` by default; `::1` or `[::1]` for IPv6, `0.0.0.0` for all.
    package var host = "127.0.0.1"
    /// The port to listen on; 0 asks for an ephemeral port, which `HTTPServer.port` then reports.
    package var port = 0
    /// The bounds on requests, timeouts and connections.
    package var limits = HTTPServerLimits()
    /// How long an event stream may stay silent before the server sends a `:ping` comment.
    package var heartbeatInterval: Duration = .seconds(15)
    /// How long `stop()` lets in-flight requests and ending streams finish before it closes their connections.
    package var shutdownGracePeriod: Duration = .seconds(5)
    /// Headers added to every answer, refusals included, unless the handler set the same name.
    package var defaultHeaders: HTTPHeaders = [:]
    /// The kernel's queue of connections not yet accepted.
    package var listenBacklog: Int32 = 511
    /// The clock every connection timeout and heartbeat is measured on; tests give a manual one.
    package var clock: any HTTPServerClock = SystemHTTPServerClock()

    /// Makes a configuration with the defaults above.
    package init() {}

    /// Makes a configuration for `host:port` with the other defaults.
    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}
