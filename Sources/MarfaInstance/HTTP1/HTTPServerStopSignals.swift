import Dispatch
import Glibc
import MarfaLocks

/// Installs SIGINT and SIGTERM handling for an executable with Dispatch signal sources: the first such signal calls
/// `server.stop()` and then `onStopped`. Keep the value alive as long as the handling should last; Dispatch
/// registers the sources asynchronously, so a signal in the first instants after `init` may be ignored.
package final class HTTPServerStopSignals: Sendable {
    private let sources: LockedValue<[any DispatchSourceSignal]>

    /// Replaces the default action of `signals` (which would kill the process) with a graceful stop of `server`.
    package init(
        server: HTTPServer, signals: [Int32] = [SIGINT, SIGTERM], onStopped: @escaping @Sendable () -> Void = {}
    ) {
        var made: [any DispatchSourceSignal] = []
        for number in signals {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Task {
                    await server.stop()
                    onStopped()
                }
            }
            source.resume()
            made.append(source)
        }
        self.sources = LockedValue(made)
    }

    /// Stops reacting to the signals; they stay caught by Dispatch, so they no longer stop the server or the process.
    package func cancel() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources = []
        }
    }
}
