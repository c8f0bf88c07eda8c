import MarfaSockets

extension HTTPConnection {
    /// Whether bytes are queued that the client has not taken yet.
    var hasOutput: Bool { outputSent < output.count }

    /// Queues `bytes` and writes what the socket takes now; the rest goes out as the loop finds room.
    func queue(_ bytes: [UInt8]) {
        guard !isClosed, !bytes.isEmpty else { return }
        if !hasOutput {
            output = bytes
            outputSent = 0
            lastProgress = loop.clock.now
        } else {
            output += bytes
        }
        flush()
    }

    /// Writes queued bytes until the socket is full or they are all out; a failed write closes the connection.
    func flush() {
        guard hasOutput, !isClosed else { return }
        let outcome = output.withUnsafeBytes { buffer in
            Result { () throws(SocketError) in
                try socket.sendAvailable(UnsafeRawBufferPointer(rebasing: buffer[outputSent...]))
            }
        }
        guard case .success(let sent) = outcome else {
            close()
            return
        }
        if sent > 0 {
            outputSent += sent
            lastProgress = loop.clock.now
        }
        guard !hasOutput else { return }
        output = []
        outputSent = 0
        outputDrained()
    }
}
