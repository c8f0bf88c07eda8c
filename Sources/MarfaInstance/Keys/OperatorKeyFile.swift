import Foundation
import MarfaRules
import MarfaStorage

/// Where the operator key lives when neither `--key` nor `MARFA_API_KEY` names one: a file in the data folder,
/// written once at first start with mode 0600 (Decision 0008).
package enum OperatorKeyFile {
    /// The file's name inside the data folder.
    package static let name = "operator-key"

    /// The key kept in `directory`, or a new one written there; the flag tells whether it was made now.
    package static func load(in directory: StoreDirectory) throws(MarfaError) -> (secret: String, generated: Bool) {
        do {
            if let bytes = try directory.readMetadata(named: name) {
                let secret = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !secret.isEmpty { return (secret, false) }
            }
            let secret = AccessKey.makeSecret()
            try directory.writeMetadata(Array((secret + "\n").utf8), named: name)
            return (secret, true)
        } catch {
            throw MarfaError.io(message: "the operator key file in \(directory.path) could not be used: \(error)")
        }
    }
}
