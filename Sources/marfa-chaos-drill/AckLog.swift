import Foundation
import Glibc

/// The worker's append-only record of what the copy acknowledged: one line per write, written and `fsync`ed after
/// the call returned, so every line names a write the copy promised to keep. The checker reads it back. Each line
/// goes in one `write` to a file opened for appending, so lines from two tasks never interleave.
final class AckLog: Sendable {
    private let descriptor: Int32

    /// Opens `url` for appending (creating it, mode 0600).
    init(appendingTo url: URL) throws {
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DrillFailure("cannot open \(url.path): errno \(errno)") }
    }

    deinit {
        close(descriptor)
    }

    /// Appends `fields` as one line and waits until it is on disk.
    func append(_ fields: [String]) throws {
        let bytes = Array((fields.joined(separator: " ") + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw DrillFailure("the acknowledgement log cannot be written: errno \(errno)") }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw DrillFailure("the acknowledgement log cannot be synced") }
    }

    /// What a log holds: each acknowledged write by queue id, the verdicts drains reported, and the writes the
    /// worker withdrew. A torn last line (the worker killed while writing it) is not an acknowledgement.
    struct Contents {
        /// Acknowledged writes: queue id → (idempotency key, kind, item id).
        var acknowledged: [String: (key: String, kind: String, item: String)] = [:]
        /// The verdicts drain reports named, per queue id, in order.
        var reported: [String: [String]] = [:]
        /// The queue ids the worker withdrew, with their keys.
        var withdrawn: [String: String] = [:]
    }

    /// Reads the log at `url`.
    static func read(_ url: URL) -> Contents {
        var contents = Contents()
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.endIndex != text.endIndex {
            let fields = line.split(separator: " ").map(String.init)
            switch (fields.first, fields.count) {
            case ("ack", 5): contents.acknowledged[fields[1]] = (fields[2], fields[3], fields[4])
            case ("verdict", 3): contents.reported[fields[1], default: []].append(fields[2])
            case ("withdrawn", 3): contents.withdrawn[fields[1]] = fields[2]
            default: continue
            }
        }
        return contents
    }
}
