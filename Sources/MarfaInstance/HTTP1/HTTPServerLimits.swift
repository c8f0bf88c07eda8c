/// The bounds the server holds every client to, in one value with defaults.
package struct HTTPServerLimits: Sendable, Equatable {
    /// Most bytes of request line plus headers (and of chunked trailers); beyond it 431 (414 for the request line).
    package var maxHeadBytes = 16 * 1024
    /// Most header fields in one request; beyond it 431.
    package var maxHeaderCount = 100
    /// Most body bytes, declared or de-chunked; beyond it 413.
    package var maxBodyBytes = 8 * 1024 * 1024
    /// How long an open connection may wait for the first byte of its next request before it is closed silently.
    package var idleTimeout: Duration = .seconds(30)
    /// How long one request may take to arrive whole, counted from its first byte; beyond it 408.
    package var readTimeout: Duration = .seconds(10)
    /// How long one write may wait for the client to make room; beyond it the connection is dropped.
    package var writeTimeout: Duration = .seconds(10)
    /// Most open connections; the next one is answered 503 and closed.
    package var maxConnections = 512
    /// Most bytes an event stream may hold for a slow client before `SSEWriter.send` refuses more.
    package var maxBufferedStreamBytes = 1024 * 1024

    /// Makes limits with the defaults above.
    package init() {}
}
