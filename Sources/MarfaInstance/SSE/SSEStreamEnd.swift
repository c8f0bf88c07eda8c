/// Why an event stream's producer is asked to finish.
package enum SSEStreamEnd: Sendable, Equatable {
    /// The server is stopping: send a last frame (such as `stream_incomplete`) and return soon.
    case serverStopping
    /// The connection is gone (client left, write failed or timed out): nothing more can be delivered.
    case connectionClosed
    /// The task waiting for the end was itself cancelled before either happened.
    case cancelled
}

/// Why `SSEWriter.send` refused a frame.
package enum SSEWriterError: Error, Sendable, Equatable {
    /// The stream has ended; the frame was dropped.
    case closed
    /// The client reads too slowly and the buffered frames already reach the limit; the frame was dropped.
    case bufferFull
}
