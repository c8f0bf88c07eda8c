import Foundation
import Glibc
import MarfaSockets
import Synchronization

/// A loopback TCP proxy between the copy and the instance that can spoil the next answers: cut one after its first
/// bytes (a connection dropped mid-answer) or hold one back for a while (a stalled answer). It listens on
/// 127.0.0.1 only and connects only to the instance's loopback port.
final class FaultProxy: Sendable {
    /// What the proxy does to the next answers.
    enum Spoil: Sendable, Equatable {
        /// Passes the first half of the answer's first bytes, then closes both sides.
        case dropMidAnswer
        /// Holds the answer this long before passing it on.
        case stall(milliseconds: Int)
    }

    private struct Shared {
        var armed: (spoil: Spoil, remaining: Int)?
        var open: [ObjectIdentifier: ConnectedSocket] = [:]
        var stopped = false
    }

    private let listener: ListeningSocket
    private let upstreamPort: Int
    private let shared = Mutex(Shared())

    /// The port the copy connects to.
    var port: Int { listener.port }

    /// Listens on an ephemeral loopback port and starts accepting; each connection goes to `upstreamPort`.
    init(upstreamPort: Int) throws {
        listener = try ListeningSocket.listen(host: "127.0.0.1", port: 0, backlog: 64)
        self.upstreamPort = upstreamPort
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Spoils the next `count` answers with `spoil`, replacing what was armed.
    func arm(_ spoil: Spoil, count: Int) {
        shared.withLock { $0.armed = count > 0 ? (spoil, count) : nil }
    }

    /// Passes every answer as it is from now on.
    func disarm() {
        shared.withLock { $0.armed = nil }
    }

    /// Stops accepting and ends every open connection.
    func stop() {
        let open = shared.withLock { shared -> [ConnectedSocket] in
            shared.stopped = true
            return Array(shared.open.values)
        }
        for socket in open { socket.shutdown() }
    }

    private var stopped: Bool { shared.withLock { $0.stopped } }

    private func takeSpoil() -> Spoil? {
        shared.withLock { shared in
            guard let armed = shared.armed else { return nil }
            shared.armed = armed.remaining > 1 ? (armed.spoil, armed.remaining - 1) : nil
            return armed.spoil
        }
    }

    private func acceptLoop() {
        defer { listener.close() }
        while !stopped {
            var descriptors = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
            guard (try? pollDescriptors(&descriptors, until: .now + .milliseconds(100))) ?? 0 > 0 else { continue }
            guard let client = try? listener.acceptConnection() else { continue }
            Thread.detachNewThread { [self] in relay(client) }
        }
    }

    private func track(_ socket: ConnectedSocket, open: Bool) {
        shared.withLock { shared in
            shared.open[ObjectIdentifier(socket)] = open ? socket : nil
        }
    }

    /// Pumps bytes both ways until either side closes; the first bytes of each answer (upstream bytes after client
    /// bytes) draw a spoil.
    private func relay(_ client: ConnectedSocket) {
        guard let upstream = try? ConnectedSocket.connect(
            host: "127.0.0.1", port: upstreamPort, deadline: .now + .seconds(5))
        else {
            client.close()
            return
        }
        track(client, open: true)
        track(upstream, open: true)
        defer {
            track(client, open: false)
            track(upstream, open: false)
            client.close()
            upstream.close()
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        var awaitingAnswer = false
        var heldUntil: ContinuousClock.Instant?
        while !stopped {
            let holding = heldUntil.map { ContinuousClock.now < $0 } ?? false
            var descriptors = [
                pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: upstream.descriptor, events: holding ? 0 : Int16(POLLIN), revents: 0),
            ]
            let wake = min(heldUntil ?? .now + .milliseconds(100), .now + .milliseconds(100))
            guard let ready = try? pollDescriptors(&descriptors, until: wake) else { return }
            if ready == 0 { continue }
            if descriptors[0].revents != 0 {
                guard pass(from: client, to: upstream, buffer: buffer) else { return }
                awaitingAnswer = true
            }
            guard descriptors[1].revents != 0, !holding else { continue }
            if awaitingAnswer {
                awaitingAnswer = false
                heldUntil = nil
                switch takeSpoil() {
                case .dropMidAnswer?:
                    _ = pass(from: upstream, to: client, buffer: buffer, half: true)
                    client.shutdown()
                    upstream.shutdown()
                    return
                case .stall(let milliseconds)?:
                    heldUntil = .now + .milliseconds(milliseconds)
                    continue
                case nil:
                    break
                }
            }
            guard pass(from: upstream, to: client, buffer: buffer) else { return }
        }
    }

    /// Moves what `source` has to `target` (with `half`, half of what one read brings, at least one byte); false
    /// when either side is done.
    private func pass(
        from source: ConnectedSocket, to target: ConnectedSocket, buffer: UnsafeMutableRawBufferPointer,
        half: Bool = false
    ) -> Bool {
        switch try? source.receive(into: buffer) {
        case .received(let count)?:
            let sent = half ? max(1, count / 2) : count
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<sent])
            return (try? target.sendAll(bytes, deadline: .now + .seconds(10))) != nil
        case .wouldBlock?:
            return true
        case .endOfStream?, nil:
            return false
        }
    }
}
