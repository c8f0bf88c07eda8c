import MarfaRules

/// Input instants (P-15): any RFC 3339 spelling, a zone-less one read as UTC, normalised to UTC milliseconds.
package enum InstantText {
    /// The canonical `YYYY-MM-DDTHH:mm:ss.sssZ` text for `text`, or nil when it names no instant.
    package static func canonical(_ text: String) -> String? {
        if let normalized = Timestamp.normalized(text) { return normalized }
        guard text.utf8.count >= 19, !text.hasSuffix("Z"), !text.hasSuffix("z") else { return nil }
        return Timestamp.normalized(text + "Z")
    }

    /// The canonical instant of query key `name`, nil when absent.
    /// - Throws: `400 validation_error` when present and not an instant.
    package static func query(_ values: QueryValues, _ name: String) throws(Refusal) -> String? {
        guard let text = values[name] else { return nil }
        guard let instant = canonical(text) else {
            throw Refusal.validation("\(name) must be an RFC 3339 timestamp.", details: ["field": .string(name)])
        }
        return instant
    }
}
