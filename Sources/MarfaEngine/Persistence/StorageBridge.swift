import MarfaRules
import MarfaStorage

/// The one place storage errors become `MarfaError`s.
package enum StorageBridge {
    /// Runs a storage call, translating what it throws.
    package static func run<T>(_ body: () throws -> T) throws(MarfaError) -> T {
        do {
            return try body()
        } catch {
            throw translate(error)
        }
    }

    /// The `MarfaError` for anything a storage call threw.
    package static func translate(_ error: any Error) -> MarfaError {
        if let error = error as? MarfaError { return error }
        guard let error = error as? StorageError else { return .io(message: "\(error)") }
        switch error.code {
        case "store_corrupt":
            return .storeCorrupt(path: error.path ?? "", offset: Int64(error.offset ?? 0), message: error.description)
        case "storage_full": return .storageFull(message: error.description)
        case "reading_handle": return .readingHandle(message: error.description)
        case "no_store": return .noStore(message: error.description)
        default: return .io(message: error.description)
        }
    }
}
