/// The bounds the server holds every client to, in one value with defaults.
package struct HTTPServerLimits: Sendable, Equatable {
    /// Most bytes of request line plus headers (and of chunked trailers); beyond it 431 (414 for the request line).
    package var maxHeadBytes = 16 * 1024
    /// Most header fields in one request; beyond it 431.
    package var maxHeaderCount = 100
    /// Most body bytes, declared or de-chunked; beyond it 413.
    package var maxBodyBytes = 8 * 1024 * 1024
    /// How long a new connection may take to send a whole request head, counted from its acceptance, and any
    /// request's head from its first byte; a connection that sent nothing is closed silently, else answered 408.
    /// Short, so idle and slow unauthenticated sockets cost little (slowloris).
    package var headerTimeout: Duration = .seconds(5)
    /// How long a kept-alive connection may wait for the first byte of its next request before it is closed silently.
    package var idleTimeout: Duration = .seconds(15)
    /// How long one request may take to arrive whole, body included, counted from its first byte; beyond it 408.
    package var readTimeout: Duration = .seconds(10)
    /// How long one write may wait for the client to make room; beyond it the connection is dropped.
    package var writeTimeout: Duration = .seconds(10)
    /// Most open connections; the next one is answered 503 and closed. Each idle one costs a few hundred bytes
    /// and a descriptor, so the process's open-file limit is the real bound.
    package var maxConnections = 10_000
    /// How long a refused connection is drained after its answer, so closing does not reset it before the client
    /// reads the answer; at most `maxLingerBytes` are read and thrown away.
    package var lingerTimeout: Duration = .seconds(2)
    /// Most bytes drained (and discarded) from a refused connection before it is closed.
    package var maxLingerBytes = 1024 * 1024
    /// Most bytes an event stream may hold for a slow client before `SSEWriter.send` refuses more.
    package var maxBufferedStreamBytes = 1024 * 1024

    /// Makes limits with the defaults above.
    package init() {}
}
