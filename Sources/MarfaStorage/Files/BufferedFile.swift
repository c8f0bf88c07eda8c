import Glibc

/// A file written front to back through a large buffer, so a snapshot's many small pieces reach the kernel in
/// writes of `FileIO.largestWrite`.
final class BufferedFile {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private static let flushBytes = 8 << 20

    /// Creates (or truncates) the file at `path`.
    init(creating path: String) throws {
        descriptor = try FileIO.open(path, flags: O_WRONLY | O_TRUNC, create: true)
        self.path = path
        buffer.reserveCapacity(Self.flushBytes + (1 << 20))
    }

    deinit {
        Syscall.close(descriptor)
    }

    /// Appends `bytes`, writing the buffer out once it holds `flushBytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushBytes { try flush() }
    }

    /// Writes out whatever the buffer holds.
    func flush() throws {
        try FileIO.writeAll(descriptor, buffer, path: path)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Overwrites bytes at `offset` (already flushed) in place.
    func overwrite(_ bytes: [UInt8], at offset: Int) throws {
        try FileIO.writeAll(descriptor, bytes, at: offset, path: path)
    }

    /// Flushes the buffer and fsyncs the file's data and metadata.
    func sync() throws {
        try flush()
        try FileIO.fullSync(descriptor, path: path)
    }
}
