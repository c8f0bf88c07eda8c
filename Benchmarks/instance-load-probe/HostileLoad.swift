import Foundation
import Glibc
import MarfaLocks
import Synchronization

/// The clients without a key the probe holds against the instance on one thread: `idleCount` sockets that never
/// send a byte, and `uploadCount` uploads that each declare a 7 MiB body and send 1 KiB of it every tick. A socket
/// the server closes is opened again, so the load stays whole while the keyed reads are measured.
final class HostileLoad: Sendable {
    /// What the load saw, read when it ends.
    struct Tally: Sendable {
        var idleReopened = 0
        var uploadsStarted = 0
        var uploadsRefused401 = 0
        var connectFailures = 0
    }

    private static let uploadHead = Array(
        ("POST /items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(7 * 1024 * 1024)\r\n\r\n").utf8)
    private static let uploadPiece = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)

    private let port: Int
    private let idleCount: Int
    private let uploadCount: Int
    private let running = Atomic(true)
    private let tally = LockedValue(Tally())
    private let done = DispatchSemaphore(value: 0)

    /// Makes the load for the instance on `port`; nothing connects until `start()`.
    init(port: Int, idleCount: Int, uploadCount: Int) {
        self.port = port
        self.idleCount = idleCount
        self.uploadCount = uploadCount
    }

    /// Opens every socket and starts the thread that keeps them open and trickles the uploads; returns once all
    /// are open (or failed to connect).
    func start() {
        let opened = DispatchSemaphore(value: 0)
        Thread { [self] in
            var idle = (0..<idleCount).map { _ in connect() }
            var uploads = (0..<uploadCount).map { _ in startUpload() }
            opened.signal()
            while running.load(ordering: .relaxed) {
                for index in idle.indices where idle[index].map({ $0.receiveAvailable() == nil }) ?? true {
                    idle[index]?.close()
                    idle[index] = connect()
                    tally.withLock { $0.idleReopened += 1 }
                }
                for index in uploads.indices {
                    uploads[index] = trickle(uploads[index])
                }
                usleep(100_000)
            }
            for socket in idle + uploads { socket?.close() }
            done.signal()
        }.start()
        opened.wait()
    }

    /// Stops the thread, closes every socket, and answers what the load saw.
    func stop() -> Tally {
        running.store(false, ordering: .relaxed)
        done.wait()
        return tally.withLock { $0 }
    }

    private func connect() -> LoopbackSocket? {
        guard let socket = LoopbackSocket(port: port) else {
            tally.withLock { $0.connectFailures += 1 }
            return nil
        }
        return socket
    }

    private func startUpload() -> LoopbackSocket? {
        guard let socket = connect() else { return nil }
        tally.withLock { $0.uploadsStarted += 1 }
        _ = socket.sendSome(Self.uploadHead + Self.uploadPiece)
        return socket
    }

    /// Sends the next piece; an upload the server answered or closed is counted and started again.
    private func trickle(_ upload: LoopbackSocket?) -> LoopbackSocket? {
        guard let upload else { return startUpload() }
        guard let answer = upload.receiveAvailable(), upload.sendSome(Self.uploadPiece) else {
            upload.close()
            return startUpload()
        }
        if String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 401") {
            tally.withLock { $0.uploadsRefused401 += 1 }
        }
        return upload
    }
}
