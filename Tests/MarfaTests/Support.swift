import Foundation

/// A fresh store path in a temporary folder of its own.
func freshStore() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("marfa-sdk-\(UUID().uuidString)")
        .appendingPathComponent("copy")
}
