import Foundation

/// The few file operations the drill makes on case stores, through Foundation.
enum Files {
    /// The size of the file at `path`.
    static func size(_ path: String) throws -> UInt64 {
        guard let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber else {
            throw DrillFailure("no size for \(path)")
        }
        return size.uint64Value
    }

    /// Every byte of the file at `path`.
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Cuts the file at `path` to `length` bytes.
    static func truncate(_ path: String, to length: UInt64) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: length)
        try handle.close()
    }
}
