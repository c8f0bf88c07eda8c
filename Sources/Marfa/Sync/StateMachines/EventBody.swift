/// The members of one JSON object in an event frame, read by type, each mistake thrown as `decoding` naming the
/// member and what holds it.
struct EventBody {
    /// The members.
    let members: JSONObject
    /// What holds the members, such as `item.created item`, for messages.
    let context: String

    /// Reads `value` as an object held by `context`.
    init(_ value: JSONValue?, context: String) throws(MarfaError) {
        guard let members = value?.object else {
            throw MarfaError.decoding(message: "\(context) is not a JSON object")
        }
        self.members = members
        self.context = context
    }

    /// The text member `key`, which must be present.
    func string(_ key: String) throws(MarfaError) -> String {
        guard let value = try optionalString(key) else { throw missing(key) }
        return value
    }

    /// The text member `key`, or nil when absent or null.
    func optionalString(_ key: String) throws(MarfaError) -> String? {
        guard let value = present(key) else { return nil }
        guard let text = value.string else { throw wrong(key, "text") }
        return text
    }

    /// The whole-number member `key`, which must be present.
    func integer(_ key: String) throws(MarfaError) -> Int64 {
        guard let value = try optionalInteger(key) else { throw missing(key) }
        return value
    }

    /// The whole-number member `key`, or nil when absent or null.
    func optionalInteger(_ key: String) throws(MarfaError) -> Int64? {
        guard let value = present(key) else { return nil }
        guard case .integer(let number) = value else { throw wrong(key, "a whole number") }
        return number
    }

    /// The object member `key`, or nil when absent or null.
    func optionalObject(_ key: String) throws(MarfaError) -> JSONObject? {
        guard let value = present(key) else { return nil }
        guard let object = value.object else { throw wrong(key, "an object") }
        return object
    }

    /// The event id in member `key`, as canonical decimal text or a whole number, or nil when absent or null.
    func optionalEventID(_ key: String) throws(MarfaError) -> EventID? {
        guard let value = present(key) else { return nil }
        let id: EventID?
        switch value {
        case .string(let text): id = EventID(canonical: text)
        case .integer(let number): id = EventID(number)
        default: id = nil
        }
        guard let id else { throw wrong(key, "an event id") }
        return id
    }

    /// The member `key` unless it is absent or null.
    private func present(_ key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    private func missing(_ key: String) -> MarfaError {
        .decoding(message: "\(context) has no \(key)")
    }

    private func wrong(_ key: String, _ kind: String) -> MarfaError {
        .decoding(message: "\(context): \(key) is not \(kind)")
    }
}
