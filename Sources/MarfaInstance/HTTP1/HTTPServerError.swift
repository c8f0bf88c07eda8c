/// Why `HTTPServer.start(gate:handler:)` refused to start.
package enum HTTPServerError: Error, Sendable, Equatable {
    /// `start` was already called on this server; a server runs once.
    case alreadyStarted
}
