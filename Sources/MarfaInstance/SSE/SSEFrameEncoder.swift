/// Turns events and comments into `text/event-stream` frames: pure functions, one frame per call, LF line ends.
package enum SSEFrameEncoder {
    /// The frame for `event`: `id:`, `event:`, `retry:`, one `data:` line per line of the data (split at CRLF,
    /// CR or LF), then a blank line. Line breaks inside `id` and `event` are dropped, as is NUL in `id`.
    package static func encode(_ event: SSEEvent) -> [UInt8] {
        var frame = ""
        if let id = event.id {
            frame += "id: \(String(id.unicodeScalars.filter { !isLineBreak($0) && $0 != "\0" }))\n"
        }
        if let name = event.event {
            frame += "event: \(String(name.unicodeScalars.filter { !isLineBreak($0) }))\n"
        }
        if let retry = event.retry {
            frame += "retry: \(retry)\n"
        }
        for line in lines(of: event.data) {
            frame += "data: \(line)\n"
        }
        frame += "\n"
        return Array(frame.utf8)
    }

    /// A comment frame: each line of `text` written as `:` followed by the line, then a blank line. Clients ignore
    /// comments; `comment("ping")` gives `:ping`, `comment(" connected")` gives `: connected`.
    package static func comment(_ text: String) -> [UInt8] {
        var frame = ""
        for line in lines(of: text) {
            frame += ":\(line)\n"
        }
        frame += "\n"
        return Array(frame.utf8)
    }

    /// The heartbeat the server sends on a silent stream.
    package static let ping: [UInt8] = comment("ping")

    /// The lines of `text` split at CRLF, lone CR and LF; an empty text is one empty line.
    package static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = scalar == "\r"
            if isLineBreak(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r"
    }
}
