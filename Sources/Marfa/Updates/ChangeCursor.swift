/// A position in a copy's changes, kept by an app across launches to ask what changed since (seed 003).
public struct ChangeCursor: Codable, Hashable, Sendable {
    /// The cursor as text, to store where the app keeps its state.
    public let rawValue: String
    let storeId: String
    let commit: UInt64

    /// Reads a stored cursor; text that is not a cursor throws `invalid`.
    public init(rawValue: String) throws {
        guard let colon = rawValue.lastIndex(of: ":"), let commit = UInt64(rawValue[rawValue.index(after: colon)...]),
            colon > rawValue.startIndex
        else { throw MarfaError.invalid(message: "\"\(rawValue)\" is not a change cursor") }
        self.rawValue = rawValue
        storeId = String(rawValue[..<colon])
        self.commit = commit
    }

    init(storeId: String, commit: UInt64) {
        self.storeId = storeId
        self.commit = commit
        rawValue = "\(storeId):\(commit)"
    }

    /// Reads a cursor from its text.
    public init(from decoder: any Decoder) throws {
        try self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the cursor as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// What changed since a cursor: everything (read all again), or the rows named, with the next cursor either way.
public enum ChangesSince: Sendable, Hashable {
    /// Read everything again.
    case everything(ChangeCursor)
    /// These rows changed.
    case named(ChangedRows, ChangeCursor)

    /// The cursor to ask from next time.
    public var next: ChangeCursor {
        switch self {
        case .everything(let next), .named(_, let next): return next
        }
    }
}
