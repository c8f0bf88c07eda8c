/// The bytes of a stored word index (Decision 0071), written piece by piece: integers in the machine's byte order
/// (the file's first integer is a magic number, so a machine of the other order refuses the file), an array as its
/// count and then its elements, gathered into a buffer of `bufferBytes` that goes to the sink whenever it fills.
struct WordIndexImageWriter: ~Copyable {
    /// Bytes gathered before they go to the sink; an array this long or longer goes to it directly.
    static let bufferBytes = 1 << 20

    private var buffer: [UInt8] = []
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    /// A writer handing its bytes to `sink`, in order.
    init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        buffer.reserveCapacity(Self.bufferBytes)
    }

    /// Writes one integer.
    mutating func write<Value: FixedWidthInteger>(_ value: Value) throws {
        try withUnsafeBytes(of: value) { try append($0) }
    }

    /// Writes the count of `values`, then each of them.
    mutating func write<Value: FixedWidthInteger>(_ values: [Value]) throws {
        try write(UInt64(values.count))
        try values.withUnsafeBytes { try append($0) }
    }

    /// Hands what is gathered to the sink: the last call.
    mutating func finish() throws {
        try flush()
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > Self.bufferBytes { try flush() }
        if bytes.count >= Self.bufferBytes {
            try sink(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes(sink)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads what `WordIndexImageWriter` wrote from a source of `length` bytes, refusing a count the bytes left could
/// not hold, so damaged bytes never make it allocate more than the file's length.
struct WordIndexImageReader: ~Copyable {
    private let source: (UnsafeMutableRawBufferPointer) throws -> Int
    private var buffer = [UInt8](repeating: 0, count: WordIndexImageWriter.bufferBytes)
    /// The bytes of `buffer` read from the source and not yet taken.
    private var start = 0
    private var end = 0
    /// Bytes of the source not yet taken, buffered or not.
    private(set) var remaining: Int

    /// A reader of `length` bytes that `source` fills buffers with, in order (answering 0 at the end).
    init(length: Int, source: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.source = source
        remaining = length
    }

    /// Reads one integer.
    mutating func read<Value: FixedWidthInteger>(_: Value.Type) throws -> Value {
        var value = Value.zero
        try withUnsafeMutableBytes(of: &value) { try fill($0) }
        return value
    }

    /// Reads an array written by `WordIndexImageWriter.write(_:)`.
    mutating func readArray<Value: FixedWidthInteger>(_: Value.Type) throws -> [Value] {
        let count = try read(UInt64.self)
        let stride = MemoryLayout<Value>.stride
        try IndexCorruption.check(count <= UInt64(remaining / stride), "stored word index: an array past its end")
        let length = Int(count)
        return try [Value](unsafeUninitializedCapacity: length) { values, initialized in
            try fill(UnsafeMutableRawBufferPointer(values))
            initialized = length
        }
    }

    /// Fills `target` with the next bytes, from the buffer and then the source (directly, for a long target).
    private mutating func fill(_ target: UnsafeMutableRawBufferPointer) throws {
        try IndexCorruption.check(target.count <= remaining, "stored word index: cut short")
        var done = 0
        while done < target.count {
            if start == end {
                if target.count - done >= buffer.count {
                    let read = try source(UnsafeMutableRawBufferPointer(rebasing: target[done...]))
                    try IndexCorruption.check(read > 0, "stored word index: cut short")
                    done += read
                    continue
                }
                end = try buffer.withUnsafeMutableBytes { try source($0) }
                start = 0
                try IndexCorruption.check(end > 0, "stored word index: cut short")
            }
            let take = min(end - start, target.count - done)
            buffer.withUnsafeBytes { bytes in
                UnsafeMutableRawBufferPointer(rebasing: target[done..<(done + take)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + take)]))
            }
            start += take
            done += take
        }
        remaining -= target.count
    }
}
