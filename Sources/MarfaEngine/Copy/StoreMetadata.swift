import Foundation
import MarfaRules

/// The small file that names what a store is: its format and the origin it is bound to (never the key).
package struct StoreMetadata: Sendable, Hashable, Codable {
    /// The store format this engine writes: 2 since queue rows carry `sentAt` (change tag 17) and owed read-backs
    /// are journalled (tags 18 and 19), which a format-1 build cannot read (Decision 0072); 3 since pins and owed
    /// read-backs change by deltas (tags 20 to 23, Decision 0083) and saved bodies' link lookups, the last sync time
    /// and the declared types are journalled (tags 24 to 26, Decisions 0091 and 0092). A writer moves an older store up.
    package static let currentFormat = 3
    /// The file's name inside the store folder.
    package static let fileName = "store.json"

    /// The store format version.
    package var format: Int
    /// The store's own id, minted at creation.
    package var id: String?
    /// The origin the store is bound to, or nil for a store no server has touched yet.
    package var origin: Origin?

    /// Makes metadata for a new store.
    package init(format: Int = StoreMetadata.currentFormat, id: String? = nil, origin: Origin?) {
        self.format = format
        self.id = id
        self.origin = origin
    }
}
