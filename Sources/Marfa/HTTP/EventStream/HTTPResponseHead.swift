import Foundation

/// The status line and headers of an HTTP/1.1 answer, read by the event stream's own client.
package struct HTTPResponseHead: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// Header values by lowercased name; a repeated header keeps every value.
    package var headers: [String: [String]]

    /// The most bytes a head may take before the answer is refused as malformed.
    package static let limit = 64 * 1024

    /// Reads a head from the start of `bytes`, answering it and how many bytes it took, or nil while the blank line
    /// that ends it has not arrived; throws a description of what is malformed.
    package static func read(from bytes: [UInt8]) throws(HTTPResponseHeadError) -> (head: HTTPResponseHead, length: Int)? {
        guard let end = blankLineEnd(in: bytes) else {
            if bytes.count > limit { throw .malformed("a head longer than \(limit) bytes") }
            return nil
        }
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        var lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        guard !lines.isEmpty else { throw .malformed("an empty head") }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]),
              (100...599).contains(status)
        else { throw .malformed("the status line") }
        var headers: [String: [String]] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("the header line '\(line.prefix(80))'") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name, default: []].append(value)
        }
        return (HTTPResponseHead(status: status, headers: headers), end)
    }

    /// The first value of a header, by lowercased name.
    package func value(_ name: String) -> String? {
        headers[name]?.first
    }

    /// Where the blank line ending the head ends (CRLF CRLF, or bare LF LF), if it has arrived.
    private static func blankLineEnd(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == UInt8(ascii: "\n") {
                    return index + 3
                }
            }
            index += 1
        }
        return nil
    }
}

/// Why an answer's head or body framing could not be read.
package enum HTTPResponseHeadError: Error, Equatable {
    /// The named part is malformed.
    case malformed(String)
}
