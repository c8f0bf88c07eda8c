/// Little-endian fixed-width integers in byte arrays, the byte order of every on-disk header and frame.
enum LittleEndian {
    /// Appends `value` to `bytes` least significant byte first.
    static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Answers the integer stored at `offset` in `bytes`; the caller guarantees the bytes are there.
    static func read<T: FixedWidthInteger>(_: T.Type, from bytes: UnsafeRawBufferPointer, at offset: Int) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
