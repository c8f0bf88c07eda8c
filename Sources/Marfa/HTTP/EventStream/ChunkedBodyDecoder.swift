/// Undoes `Transfer-Encoding: chunked` as bytes arrive, in any split: hands out the data of each chunk and notes
/// the last (zero-size) chunk.
package struct ChunkedBodyDecoder: Sendable {
    private enum Phase: Sendable {
        case size(digits: Int, value: Int, inExtension: Bool)
        case data(remaining: Int)
        case dataEnd(sawReturn: Bool)
        case trailer(lineLength: Int)
        case finished
    }

    private var phase = Phase.size(digits: 0, value: 0, inExtension: false)

    /// A decoder before the first chunk.
    package init() {}
    /// The largest chunk accepted, so a hostile size cannot overflow.
    private static let largestChunk = 1 << 40

    /// Whether the last chunk and its trailer have arrived.
    package var isFinished: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// Decodes the next bytes, answering the body data they carry; throws on a malformed framing.
    package mutating func feed(_ bytes: ArraySlice<UInt8>) throws(HTTPResponseHeadError) -> [UInt8] {
        var output: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch phase {
            case .size(let digits, let value, let inExtension):
                index += 1
                if byte == UInt8(ascii: "\n") {
                    guard digits > 0 else { throw .malformed("a chunk size line with no size") }
                    phase = value == 0 ? .trailer(lineLength: 0) : .data(remaining: value)
                } else if inExtension || byte == UInt8(ascii: "\r") {
                    continue
                } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    phase = .size(digits: digits, value: value, inExtension: true)
                } else if let digit = Self.hexValue(byte), value <= Self.largestChunk {
                    phase = .size(digits: digits + 1, value: value * 16 + digit, inExtension: false)
                } else {
                    throw .malformed("a chunk size")
                }
            case .data(let remaining):
                let take = min(remaining, bytes.endIndex - index)
                output.append(contentsOf: bytes[index..<(index + take)])
                index += take
                phase = take == remaining ? .dataEnd(sawReturn: false) : .data(remaining: remaining - take)
            case .dataEnd(let sawReturn):
                index += 1
                if byte == UInt8(ascii: "\n") {
                    phase = .size(digits: 0, value: 0, inExtension: false)
                } else if byte == UInt8(ascii: "\r"), !sawReturn {
                    phase = .dataEnd(sawReturn: true)
                } else {
                    throw .malformed("the line end after a chunk")
                }
            case .trailer(let lineLength):
                index += 1
                if byte == UInt8(ascii: "\n") {
                    phase = lineLength == 0 ? .finished : .trailer(lineLength: 0)
                } else if byte != UInt8(ascii: "\r") {
                    phase = .trailer(lineLength: lineLength + 1)
                }
            case .finished:
                return output
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
