import Foundation
import MarfaLocks
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One open `GET /events` stream, handed out as typed events in order: over our own socket client for plain HTTP,
/// over URLSession for HTTPS (Docs/Decisions/0012).
package final class EventStreamConnection: Sendable {
    /// How long a stream may stay silent (no frame, no `:ping`) before it counts as dropped.
    static let idleTimeout: TimeInterval = 120
    /// How long connecting and sending the request may take.
    static let connectTimeout: Int64 = 30

    /// The events, in stream order; the sequence ends when the stream closes, with an error if it failed.
    package let events: AsyncThrowingStream<StreamEvent, any Error>
    private let feed: EventStreamFeed
    private let transport: TransportHolder

    /// Opens the stream at `lastEventId` (none for the head read), asking for every type and every edge (WC-17).
    package init(client: InstanceClient, lastEventId: String?) throws(MarfaError) {
        try StopRequest.check("GET /events")
        let url = try client.url("/events", query: [URLQueryItem(name: "edges", value: "all")])
        var headers: [(name: String, value: String)] = [
            ("Authorization", "Bearer \(client.server.key)"), ("Accept", "text/event-stream"),
        ]
        if let lastEventId { headers.append(("Last-Event-ID", lastEventId)) }
        let holder = TransportHolder()
        transport = holder
        feed = EventStreamFeed(server: client.server.url.absoluteString) { holder.close() }
        events = feed.events
        if url.scheme?.lowercased() == "http" {
            holder.install(.socket(try SocketEventTransport(url: url, headers: headers, feed: feed)))
        } else {
            var request = URLRequest(url: url)
            request.timeoutInterval = 24 * 3600
            for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
            holder.install(.session(URLSessionEventTransport(request: request, feed: feed)))
        }
    }

    /// Whether more events than the `taken` the reader has counted were received already: the reader is inside a
    /// burst and the next event is waiting.
    package func hasEvents(beyond taken: Int) -> Bool {
        feed.eventsHandedOut > taken
    }

    /// Whether the server accepted the stream (a success on the copy's contract), so a failure after it is no
    /// failed open.
    package var wasAccepted: Bool {
        feed.wasAccepted
    }

    /// Ends the stream from the reader's side; the event sequence finishes. A stream already ended does nothing.
    package func close() {
        transport.close()
        feed.finish()
    }
}

/// The transport of one stream, closed once whichever side asks first.
private final class TransportHolder: Sendable {
    enum Transport {
        case socket(SocketEventTransport)
        case session(URLSessionEventTransport)
    }

    private let state: LockedValue<(transport: Transport?, closed: Bool)> = LockedValue((nil, false))

    /// Keeps the transport, closing it at once if the stream already ended.
    func install(_ transport: Transport) {
        let closeNow = state.withLock { state -> Bool in
            state.transport = transport
            return state.closed
        }
        if closeNow { close() }
    }

    /// Closes the transport once.
    func close() {
        let open = state.withLock { state -> Transport? in
            state.closed = true
            defer { state.transport = nil }
            return state.transport
        }
        switch open {
        case .socket(let transport): transport.close()
        case .session(let transport): transport.close()
        case nil: break
        }
    }
}
