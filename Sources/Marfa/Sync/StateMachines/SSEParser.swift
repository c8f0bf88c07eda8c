/// A pure, incremental parser of `text/event-stream` bytes (the WHATWG rules, as P-29 frames Marfa's log).
///
/// Feed chunks split anywhere, even inside a UTF-8 sequence or between `\r` and `\n`; each call returns the frames
/// and comments the bytes so far complete. Lines end with CRLF, LF or CR; `data:` lines join with `\n`; one space
/// after the colon is dropped; an `id:` holding NUL is ignored and an empty one means none; a frame with no `data:`
/// line is not reported. Unlike a browser, a frame's `id` is its own field only, never carried over from an earlier
/// frame, so a marker shows that it had none. A partial frame at the end of the stream is dropped, as the standard
/// says.
package struct SSEParser: Sendable {
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var id: String?
    private var event: String?
    private var dataLines: [String] = []
    private var hasData = false

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Makes a parser at the start of a stream.
    package init() {}

    /// Reads `bytes`, the next chunk of the stream, and returns what they complete, in stream order.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [SSEOutput] {
        var output: [SSEOutput] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                if afterCarriageReturn {
                    afterCarriageReturn = false
                } else {
                    endLine(into: &output)
                }
            case UInt8(ascii: "\r"):
                afterCarriageReturn = true
                endLine(into: &output)
            default:
                afterCarriageReturn = false
                line.append(byte)
                if atStreamStart, line.count == Self.byteOrderMark.count {
                    atStreamStart = false
                    if line == Self.byteOrderMark { line.removeAll(keepingCapacity: true) }
                }
            }
        }
        return output
    }

    private mutating func endLine(into output: inout [SSEOutput]) {
        atStreamStart = false
        defer { line.removeAll(keepingCapacity: true) }
        guard let first = line.first else {
            dispatch(into: &output)
            return
        }
        if first == UInt8(ascii: ":") {
            output.append(.comment(Self.value(line.dropFirst())))
            return
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        let value = colon.map { Self.value(line[($0 + 1)...]) } ?? ""
        switch name {
        case "data":
            dataLines.append(value)
            hasData = true
        case "event":
            event = value.isEmpty ? nil : value
        case "id":
            if !value.utf8.contains(0) { id = value.isEmpty ? nil : value }
        default:
            break
        }
    }

    private mutating func dispatch(into output: inout [SSEOutput]) {
        if hasData {
            output.append(.frame(SSEFrame(id: id, event: event, data: dataLines.joined(separator: "\n"))))
        }
        id = nil
        event = nil
        dataLines.removeAll(keepingCapacity: true)
        hasData = false
    }

    /// The UTF-8 text of a field's value with one leading space removed; invalid sequences read as U+FFFD.
    private static func value(_ bytes: ArraySlice<UInt8>) -> String {
        let trimmed = bytes.first == UInt8(ascii: " ") ? bytes.dropFirst() : bytes
        return String(decoding: trimmed, as: UTF8.self)
    }
}
