import Glibc
import MarfaSockets

extension HTTPServer {
    /// The accept thread's body: waits on the listening socket and the stop pipe, admits every pending connection,
    /// and closes the listening socket when the server stops.
    func acceptLoop(listener: ListeningSocket, stopPipe: WakeupPipe, handler: @escaping Handler) {
        defer {
            listener.close()
            acceptLoopEnded()
        }
        while true {
            var descriptors = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            guard (try? pollDescriptors(&descriptors, until: nil)) != nil, descriptors[1].revents == 0 else { return }
            guard descriptors[0].revents != 0 else { continue }
            acceptPending(listener: listener, stopPipe: stopPipe, handler: handler)
        }
    }

    private func acceptPending(listener: ListeningSocket, stopPipe: WakeupPipe, handler: @escaping Handler) {
        while true {
            do {
                guard let socket = try listener.acceptConnection() else { return }
                admit(socket, stopDescriptor: stopPipe.readDescriptor, handler: handler)
            } catch {
                // Out of descriptors or memory: pause briefly (waking early on stop) instead of spinning.
                var descriptors = [pollfd(fd: stopPipe.readDescriptor, events: Int16(POLLIN), revents: 0)]
                _ = try? pollDescriptors(&descriptors, until: .now + .milliseconds(50))
                return
            }
        }
    }
}
