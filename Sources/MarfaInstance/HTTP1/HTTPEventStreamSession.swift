/// The state of one event-stream answer on a connection: the writer its producer sends through, the producer's
/// task, the framing, and what the stream has learned (the stop, its end).
final class HTTPEventStreamSession {
    let writer: SSEWriter
    let task: Task<Void, Never>
    /// Whether frames go out as chunks (HTTP/1.1) or raw until the close (HTTP/1.0).
    let chunked: Bool
    /// Whether the connection serves another request once the producer returns.
    let keepAlive: Bool
    /// When the last bytes were queued for the client; a heartbeat follows a silent interval.
    var lastWrite: ContinuousClock.Instant
    /// Whether the producer returned and its last frames (and the last chunk) were queued.
    var finishing = false
    /// Whether the producer was told the server is stopping.
    private(set) var stopNoticed = false

    /// Makes the session of a started producer.
    init(writer: SSEWriter, task: Task<Void, Never>, chunked: Bool, keepAlive: Bool, now: ContinuousClock.Instant) {
        self.writer = writer
        self.task = task
        self.chunked = chunked
        self.keepAlive = keepAlive
        self.lastWrite = now
    }

    /// Tells the producer the server is stopping, once.
    func serverStopping() {
        guard !stopNoticed else { return }
        stopNoticed = true
        writer.markServerStopping()
    }

    /// Ends the stream: sends throw from now on; when the client left, the producer's task is cancelled too.
    func end(clientGone: Bool) {
        writer.close()
        if clientGone { task.cancel() }
    }
}
