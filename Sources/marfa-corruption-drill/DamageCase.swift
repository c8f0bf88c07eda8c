import Foundation
import MarfaStorage

/// One way of damaging a copy of a baseline store, and the journal place the damage starts at.
struct DamageCase {
    /// What the case does, for the report.
    var name: String
    /// Where a store may lose what follows as a torn tail, which its `status` must then report: the place a
    /// truncation cuts, or the start of the last record when the damage is to that record (a torn write and a
    /// flipped bit in the last record cannot be told apart). Nil when nothing acknowledged may be lost: damage to
    /// any other record, a snapshot, a missing or stray file must be survived whole or refused.
    var place: JournalPlace?
    /// Whether a loss after `place` must be reported as a torn tail cut; false for a truncation at a record's end,
    /// which leaves a journal that simply ends there: nothing is cut, and nothing can tell.
    var lossReported = true
    /// The file names the case changes in place (copied, not linked, into the case's store).
    var changes: [String]
    /// Damages the case's store at the path given.
    var damage: (String) throws -> Void

    /// Flips bit `bit` of byte `offset` of the file `name`.
    static func flip(_ name: String, at offset: Int, bit: Int, place: JournalPlace?, _ label: String) -> DamageCase {
        DamageCase(name: "\(label): bit \(bit) of byte \(offset) of \(name)", place: place, changes: [name]) { store in
            let path = store + "/" + name
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            bytes[offset] ^= UInt8(1 << bit)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Cuts the file `name` to `length` bytes.
    static func truncate(_ name: String, to length: Int, place: JournalPlace, atRecordEnd: Bool) -> DamageCase {
        DamageCase(
            name: "\(name) truncated to \(length) bytes", place: place, lossReported: !atRecordEnd, changes: [name]
        ) { store in
            try Files.truncate(store + "/" + name, to: UInt64(length))
        }
    }

    /// Deletes the file `name`.
    static func delete(_ name: String, place: JournalPlace?) -> DamageCase {
        DamageCase(name: "\(name) deleted", place: place, changes: []) { store in
            try FileManager.default.removeItem(atPath: store + "/" + name)
        }
    }

    /// Adds a file `name` holding `bytes`.
    static func add(_ name: String, _ bytes: [UInt8], place: JournalPlace?) -> DamageCase {
        DamageCase(name: "stray \(name) added", place: place, changes: []) { store in
            try Data(bytes).write(to: URL(fileURLWithPath: store + "/" + name))
        }
    }
}
