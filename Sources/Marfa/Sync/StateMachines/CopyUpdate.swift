import Foundation

/// One update of a copy: what to read again, how the copy is connected, how far a fill has come, and when the
/// copy last finished a pull.
public struct CopyUpdate: Sendable, Hashable {
    /// What to read again: `.everything` or the changed `.parts`.
    public var reread: Reread
    /// What the copy is doing with its server.
    public var connection: CopyConnection
    /// While a hydration runs, how far it has come; otherwise nil.
    public var fill: FillProgress?
    /// When the copy last finished a pull from its server, by the device's clock.
    public var lastSynced: Date?

    /// Makes an update from its four fields.
    public init(reread: Reread, connection: CopyConnection, fill: FillProgress? = nil, lastSynced: Date? = nil) {
        self.reread = reread
        self.connection = connection
        self.fill = fill
        self.lastSynced = lastSynced
    }
}
