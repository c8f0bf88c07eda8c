/// A pure HTTP/1.x request parser: feed it bytes as they arrive and pull complete requests or a refusal.
/// It keeps bytes after a request for the next one, so pipelined requests come out in order.
/// Bare LF line endings are accepted; blank lines before a request line are skipped.
package struct HTTPRequestParser: Sendable {
    /// What the parser can say after the bytes fed so far.
    package enum Event: Sendable, Equatable {
        /// A complete request; call `nextEvent()` again for a pipelined one.
        case request(HTTPRequest)
        /// The head of a request whose body follows is complete (the request carries an empty body): the server may
        /// refuse it before a body byte is taken. Reported once per request, before `continueExpected`.
        case bodyFollows(HTTPRequest)
        /// The request asked for `Expect: 100-continue` before sending its body: answer `100 Continue`, then
        /// call `nextEvent()` again. Reported once per request.
        case continueExpected
        /// The bytes so far end inside a request (or before one); feed more.
        case needMoreData
        /// The input broke a rule; the parser stays failed and the connection must be answered and closed.
        case failed(HTTPRequestRefusal)
    }

    private enum State: Sendable {
        case requestLine
        case headers
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPRequestRefusal)
    }

    private enum LineResult {
        case line(Range<Int>, consumed: Int)
        case needMoreData
        case failed(HTTPRequestRefusal)
    }

    private struct RequestHead: Sendable {
        var method: String
        var target: String
        var decodedTarget: HTTPRequestTarget
        var version: HTTPVersion
        var headers = HTTPHeaders()
    }

    private static let maxChunkSizeLineBytes = 1024

    private let limits: HTTPServerLimits
    private var buffer: [UInt8] = []
    private var start = 0
    private var scannedWithoutLineFeed = 0
    private var state = State.requestLine
    private var head: RequestHead?
    private var headBytes = 0
    private var headerCount = 0
    private var body: [UInt8] = []
    private var continuePending = false

    /// Makes a parser that enforces `limits` (head size, header count, body size).
    package init(limits: HTTPServerLimits = HTTPServerLimits()) {
        self.limits = limits
    }

    /// Whether no byte of a next request is buffered or consumed: the connection is between requests.
    package var isIdle: Bool {
        guard case .requestLine = state else { return false }
        return headBytes == 0 && start == buffer.count
    }

    /// Whether the head of the current request is complete and its body (or chunked trailer) is being read.
    package var isReadingBody: Bool {
        switch state {
        case .fixedBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers: return true
        case .requestLine, .headers, .failed: return false
        }
    }

    /// Bytes received but not yet consumed.
    package var bufferedByteCount: Int { buffer.count - start }

    /// Adds received bytes to the input.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 4096, start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Advances over the buffered bytes and tells whether a request, a refusal, or a need for more bytes results.
    package mutating func nextEvent() -> Event {
        if continuePending {
            continuePending = false
            return .continueExpected
        }
        while true {
            switch state {
            case .failed(let refusal):
                return .failed(refusal)
            case .requestLine:
                switch takeLine(maxLength: limits.maxHeadBytes - headBytes, tooLong: .requestLineTooLong) {
                case .needMoreData: return .needMoreData
                case .failed(let refusal): return fail(refusal)
                case .line(let range, let consumed):
                    if range.isEmpty { continue }
                    headBytes += consumed
                    switch Self.parseRequestLine(buffer[range]) {
                    case .success(let parsed):
                        head = parsed
                        state = .headers
                    case .failure(let refusal):
                        return fail(refusal)
                    }
                }
            case .headers:
                switch takeLine(maxLength: limits.maxHeadBytes - headBytes, tooLong: .headersTooLarge) {
                case .needMoreData: return .needMoreData
                case .failed(let refusal): return fail(refusal)
                case .line(let range, let consumed):
                    headBytes += consumed
                    if range.isEmpty {
                        if let event = finishHead() { return event }
                        guard let announced = request(withBody: []) else {
                            return fail(.malformed("missing request line"))
                        }
                        continuePending = expectsContinue
                        return .bodyFollows(announced)
                    }
                    switch takeField(range) {
                    case .success(let field): head?.headers.add(field.name, field.value)
                    case .failure(let refusal): return fail(refusal)
                    }
                }
            case .fixedBody(let remaining):
                let taken = takeBodyBytes(upTo: remaining)
                if taken == remaining { return emitRequest() }
                state = .fixedBody(remaining: remaining - taken)
                return .needMoreData
            case .chunkSize:
                let sizeLine = takeLine(
                    maxLength: Self.maxChunkSizeLineBytes, tooLong: .malformed("chunk size line too long"))
                switch sizeLine {
                case .needMoreData: return .needMoreData
                case .failed(let refusal): return fail(refusal)
                case .line(let range, _):
                    switch Self.parseChunkSize(buffer[range], allowed: limits.maxBodyBytes - body.count) {
                    case .success(0): state = .trailers
                    case .success(let size): state = .chunkData(remaining: size)
                    case .failure(let refusal): return fail(refusal)
                    }
                }
            case .chunkData(let remaining):
                let taken = takeBodyBytes(upTo: remaining)
                if taken < remaining {
                    state = .chunkData(remaining: remaining - taken)
                    return .needMoreData
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                let available = buffer.count - start
                guard available > 0 else { return .needMoreData }
                if buffer[start] == .lineFeed {
                    start += 1
                } else if buffer[start] == .carriageReturn {
                    guard available > 1 else { return .needMoreData }
                    guard buffer[start + 1] == .lineFeed else { return fail(.malformed("chunk not ended by CRLF")) }
                    start += 2
                } else {
                    return fail(.malformed("chunk data longer than its size"))
                }
                state = .chunkSize
            case .trailers:
                switch takeLine(maxLength: limits.maxHeadBytes - headBytes, tooLong: .headersTooLarge) {
                case .needMoreData: return .needMoreData
                case .failed(let refusal): return fail(refusal)
                case .line(let range, let consumed):
                    if range.isEmpty { return emitRequest() }
                    headBytes += consumed
                    if case .failure(let refusal) = takeField(range) { return fail(refusal) }
                }
            }
        }
    }

    private var expectsContinue: Bool {
        guard let head, head.version == .http1_1, let expect = head.headers["Expect"] else { return false }
        return expect.equalsIgnoringASCIICase("100-continue")
    }

    private mutating func takeLine(maxLength: Int, tooLong: HTTPRequestRefusal) -> LineResult {
        let searchStart = start + scannedWithoutLineFeed
        guard let lineFeed = buffer[searchStart...].firstIndex(of: .lineFeed) else {
            scannedWithoutLineFeed = buffer.count - start
            return scannedWithoutLineFeed >= maxLength ? .failed(tooLong) : .needMoreData
        }
        let consumed = lineFeed + 1 - start
        guard consumed <= maxLength else { return .failed(tooLong) }
        let end = lineFeed > start && buffer[lineFeed - 1] == .carriageReturn ? lineFeed - 1 : lineFeed
        let range = start..<end
        start = lineFeed + 1
        scannedWithoutLineFeed = 0
        return .line(range, consumed: consumed)
    }

    private mutating func takeBodyBytes(upTo wanted: Int) -> Int {
        let taken = min(wanted, buffer.count - start)
        body.append(contentsOf: buffer[start..<(start + taken)])
        start += taken
        return taken
    }

    private mutating func takeField(_ range: Range<Int>) -> Result<HTTPHeaderField, HTTPRequestRefusal> {
        headerCount += 1
        guard headerCount <= limits.maxHeaderCount else { return .failure(.tooManyHeaders) }
        return Self.parseField(buffer[range])
    }

    private mutating func finishHead() -> Event? {
        guard let head else { return fail(.malformed("missing request line")) }
        let headers = head.headers
        let hosts = headers.values(for: "Host").count
        if hosts > 1 || (hosts == 0 && head.version == .http1_1) {
            return fail(.malformed("an HTTP/1.1 request needs exactly one Host header"))
        }
        if headers.contains("Transfer-Encoding") {
            if headers.contains("Content-Length") {
                return fail(.malformed("both Content-Length and Transfer-Encoding"))
            }
            let codings = headers.tokens(for: "Transfer-Encoding")
            if codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") {
                state = .chunkSize
                return nil
            }
            if codings.isEmpty || codings.dropLast().contains(where: { $0.equalsIgnoringASCIICase("chunked") }) {
                return fail(.malformed("chunked must be the final transfer coding"))
            }
            return fail(.transferCodingNotImplemented(codings.joined(separator: ", ")))
        }
        guard headers.contains("Content-Length") else { return emitRequest() }
        let lengths = headers.tokens(for: "Content-Length")
        guard let first = lengths.first, lengths.allSatisfy({ $0 == first }),
            first.utf8.count <= 18, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(first)
        else { return fail(.malformed("invalid Content-Length")) }
        guard length <= limits.maxBodyBytes else { return fail(.bodyTooLarge) }
        if length == 0 { return emitRequest() }
        body.reserveCapacity(min(length, 64 * 1024))
        state = .fixedBody(remaining: length)
        return nil
    }

    private func request(withBody body: [UInt8]) -> HTTPRequest? {
        guard let head else { return nil }
        return HTTPRequest(
            method: head.method, target: head.target, path: head.decodedTarget.path,
            queryItems: head.decodedTarget.queryItems, version: head.version, headers: head.headers, body: body)
    }

    private mutating func emitRequest() -> Event {
        var completed: [UInt8] = []
        swap(&completed, &body)
        let event = request(withBody: completed).map(Event.request) ?? fail(.malformed("missing request line"))
        head = nil
        headBytes = 0
        headerCount = 0
        state = .requestLine
        return event
    }

    private mutating func fail(_ refusal: HTTPRequestRefusal) -> Event {
        state = .failed(refusal)
        return .failed(refusal)
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<RequestHead, HTTPRequestRefusal> {
        let parts = line.split(separator: .space, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.malformed("request line is not 'METHOD target HTTP/x.y'")) }
        guard !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenCharacter) else {
            return .failure(.malformed("invalid method"))
        }
        guard let version = parseVersion(parts[2]) else { return .failure(.malformed("invalid HTTP version")) }
        guard version == .http1_1 || version == .http1_0 else { return .failure(.versionNotSupported) }
        guard let target = HTTPRequestTarget(parts[1]) else { return .failure(.malformed("invalid request target")) }
        return .success(
            RequestHead(
                method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
                decodedTarget: target, version: version))
    }

    private static func parseVersion(_ text: ArraySlice<UInt8>) -> HTTPVersion? {
        let prefix = Array("HTTP/".utf8)
        guard text.starts(with: prefix) else { return nil }
        let numbers = text.dropFirst(prefix.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard numbers.count == 2,
            numbers.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let major = Int(String(decoding: numbers[0], as: UTF8.self)),
            let minor = Int(String(decoding: numbers[1], as: UTF8.self))
        else { return nil }
        return HTTPVersion(major: major, minor: minor)
    }

    private static func parseField(_ line: ArraySlice<UInt8>) -> Result<HTTPHeaderField, HTTPRequestRefusal> {
        guard let first = line.first, first != .space, first != .tab else {
            return .failure(.malformed("obsolete header line folding"))
        }
        guard let colon = line.firstIndex(of: .colon) else { return .failure(.malformed("header line without ':'")) }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(\.isTokenCharacter) else {
            return .failure(.malformed("invalid header name"))
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == .space || byte == .tab { value.removeFirst() }
        while let byte = value.last, byte == .space || byte == .tab { value.removeLast() }
        guard !value.contains(where: \.isForbiddenInFieldValue) else {
            return .failure(.malformed("control character in a header value"))
        }
        return .success(
            HTTPHeaderField(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
    }

    private static func parseChunkSize(_ line: ArraySlice<UInt8>, allowed: Int) -> Result<Int, HTTPRequestRefusal> {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = line[index].hexDigitValue {
            digits += 1
            guard digits <= 15 else { return .failure(.bodyTooLarge) }
            size = size * 16 + digit
            index += 1
        }
        guard digits > 0 else { return .failure(.malformed("invalid chunk size")) }
        while index < line.endIndex, line[index] == .space || line[index] == .tab { index += 1 }
        guard index == line.endIndex || line[index] == .semicolon else {
            return .failure(.malformed("invalid chunk size"))
        }
        guard size <= allowed else { return .failure(.bodyTooLarge) }
        return .success(size)
    }
}
