import Foundation
import MarfaRules

/// A registered type as the journal and snapshots hold it: its P-83 record as JSON text with sorted keys.
enum RegisteredTypeJSON {
    /// The record of `type`.
    static func text(of type: ItemType) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(type) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The type a record names, or nil for text that is not one.
    static func type(from text: String) -> ItemType? {
        try? JSONDecoder().decode(ItemType.self, from: Data(text.utf8))
    }
}
