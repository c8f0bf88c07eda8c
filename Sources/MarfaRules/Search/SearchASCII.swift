/// The fast path for ASCII text, which most text is: folding is then only lowercasing and words are runs of
/// `[A-Za-z0-9]`, so the normal form is written byte by byte, exactly as the general path writes it.
extension SearchText {
    /// Byte → its folded word byte (`A`–`Z` lowercased, `a`–`z` and `0`–`9` kept), 0 for an ASCII separator.
    static let asciiWordBytes: [UInt8] = (0..<256).map { byte in
        let entry = byte < 0x80 ? SearchFold.asciiEntry(UInt8(byte)) : SearchFold.separatorEntry
        return entry == SearchFold.separatorEntry ? 0 : UInt8(entry)
    }

    /// Whether every byte is below 0x80, tested eight bytes at a time.
    /// - Complexity: O(n).
    @inline(__always)
    static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var union: UInt64 = 0
        while index + 8 <= utf8.count {
            union |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < utf8.count {
            union |= UInt64(utf8[index])
            index += 1
        }
        return union & 0x8080_8080_8080_8080 == 0
    }

    /// Appends the normal form of ASCII `utf8` to `bytes`, as `normalize(_:padded:into:)` would.
    static func normalizeASCII(_ utf8: UnsafeBufferPointer<UInt8>, padded: Bool, into bytes: inout [UInt8]) {
        var state = NormalFormState(padded: padded)
        appendASCII(utf8, state: &state, into: &bytes)
        if state.endsWithSpace { bytes.append(space) }
    }

    /// Appends the normal form of an ASCII run of a text read up to `state`, without the final space, writing
    /// through a pointer into room reserved up front (a run's form is at most one byte longer than the run).
    static func appendASCII(
        _ utf8: UnsafeBufferPointer<UInt8>, state: inout NormalFormState, into bytes: inout [UInt8]
    ) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: utf8.count + 1))
        let table = asciiWordBytes
        let space = Self.space
        var run = state
        let written = bytes.withUnsafeMutableBufferPointer { output -> Int in
            var cursor = start
            for byte in utf8 {
                let folded = table[Int(byte)]
                if folded == 0 {
                    run.separator()
                    continue
                }
                if run.wordPiece() {
                    output[cursor] = space
                    cursor += 1
                }
                output[cursor] = folded
                cursor += 1
            }
            return cursor
        }
        state = run
        bytes.removeLast(bytes.count - written)
    }

    /// Where the run of ASCII bytes starting at `start` ends: the first byte from there that is 0x80 or above, or
    /// the end; eight bytes a step.
    /// - Complexity: O(run length).
    @inline(__always)
    static func asciiRunEnd(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = utf8.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= utf8.count {
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                & 0x8080_8080_8080_8080
            if high != 0 { return index + high.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < utf8.count && utf8[index] < 0x80 { index += 1 }
        return index
    }
}
