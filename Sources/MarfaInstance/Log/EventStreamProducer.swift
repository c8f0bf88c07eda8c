import Foundation
import MarfaRules

/// Writes one `GET /events` stream (P-29 to P-31): `: connected`, `stream_cursor` with the head, the retained events
/// after the cursor in ascending order, `stream_live`, then live events as they are published; or a terminal frame
/// (`cursor_ahead`, `catchup_too_old`, `stream_incomplete`) and the end. Markers and terminal frames carry no `id:`.
package struct EventStreamProducer: Sendable {
    /// Events read from the log per batch.
    package static let batchSize = 256
    /// Buffered bytes above which the producer waits for the client to read before sending more.
    package static let pacingBytes = 256 * 1024

    /// The instance.
    package let core: InstanceCore
    /// What this stream shows.
    package let audience: StreamAudience
    /// The `Last-Event-ID` the client resumes after, nil for none.
    package let cursor: Int64?

    /// Makes a producer.
    package init(core: InstanceCore, audience: StreamAudience, cursor: Int64?) {
        self.core = core
        self.audience = audience
        self.cursor = cursor
    }

    /// Runs the stream until a terminal frame, the client leaving or the server stopping.
    package func run(_ writer: SSEWriter) async {
        let (streamId, mailbox) = core.hub.open()
        let watcher = Task {
            _ = await writer.waitForEnd()
            mailbox.poke()
        }
        defer {
            watcher.cancel()
            core.hub.close(streamId)
        }
        try? writer.sendComment(" connected")
        let head = core.publishedHead
        guard marker(writer, "stream_cursor", ["cursor": .string(String(head))]) else { return }
        if let cursor {
            if cursor > head {
                _ = marker(
                    writer, "cursor_ahead", ["requested": .string(String(cursor)), "head": .string(String(head))])
                return
            }
            let oldest = core.events(after: cursor, limit: 0).minRetained
            if oldest > cursor + 1 {
                _ = marker(
                    writer, "catchup_too_old",
                    ["min_retained_id": .string(String(oldest)), "requested": .string(String(cursor))])
                return
            }
        }
        await follow(writer, from: cursor ?? head, mailbox: mailbox)
    }

    /// Sends every published event after `start`, `stream_live` once caught up, then waits for more.
    private func follow(_ writer: SSEWriter, from start: Int64, mailbox: StreamMailbox) async {
        var position = start
        var lastSent: Int64?
        var live = false
        while true {
            if writer.isServerStopping {
                _ = marker(writer, "stream_incomplete", incomplete("server_stopping", lastSent))
                return
            }
            if let reason = mailbox.endReason {
                _ = marker(writer, "stream_incomplete", incomplete(reason, lastSent))
                return
            }
            if writer.isClosed { return }
            let batch = core.events(after: position, limit: Self.batchSize)
            if position + 1 < batch.minRetained, position < batch.head {
                _ = marker(
                    writer, "catchup_too_old",
                    ["min_retained_id": .string(String(batch.minRetained)), "requested": .string(String(position))])
                return
            }
            if batch.events.isEmpty {
                if !live {
                    live = true
                    position = max(position, batch.head)
                    guard marker(writer, "stream_live", ["cursor": .string(String(position))]) else { return }
                }
                await mailbox.wait()
                continue
            }
            for event in batch.events {
                position = event.id
                guard audience.sees(event) else { continue }
                if writer.bufferedByteCount > Self.pacingBytes { await pace(writer) }
                do {
                    try writer.send(SSEEvent(event: event.kind.rawValue, id: String(event.id), data: event.data))
                    lastSent = event.id
                } catch .bufferFull {
                    _ = marker(writer, "stream_incomplete", incomplete("reader_behind", lastSent))
                    return
                } catch {
                    return
                }
            }
        }
    }

    /// Waits while the client has much unread, so a long replay never overflows the stream's buffer.
    private func pace(_ writer: SSEWriter) async {
        while writer.bufferedByteCount > Self.pacingBytes, !writer.isClosed, !writer.isServerStopping {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    private func incomplete(_ reason: String, _ lastSent: Int64?) -> JSONObject {
        ["reason": .string(reason), "cursor": lastSent.map { .string(String($0)) } ?? .null]
    }

    /// Sends an id-less marker or terminal frame, `event_type` first as P-30 shows it; false when the stream is gone.
    private func marker(_ writer: SSEWriter, _ name: String, _ members: JSONObject) -> Bool {
        var body: JSONObject = ["event_type": .string(name)]
        body.merge(members) { _, given in given }
        let data = (try? JSONValue.object(body).json()) ?? "{}"
        do {
            try writer.send(SSEEvent(event: name, data: data))
            return true
        } catch {
            return false
        }
    }
}
