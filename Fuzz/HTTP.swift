// fuzz-modules: MarfaInstance
@testable import MarfaInstance

/// The HTTP request parser (Sources/MarfaInstance/HTTP1/HTTPRequestParser.swift): any bytes, fed whole or cut into
/// pieces anywhere, give the same requests and refusal, and no request's head or body passes the limits. The first
/// input byte sets the piece length (1 to 256 bytes); small limits let the fuzzer reach them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let pieceLength = Int(data[0]) + 1
    let expected = events(of: [bytes[...]])
    var pieces: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
        pieces.append(bytes[start..<min(start + pieceLength, bytes.count)])
        start += pieceLength
    }
    let got = events(of: pieces)
    precondition(got == expected, "pieces of \(pieceLength) bytes read \(got), the whole read \(expected)")
    return 0
}

private let limits: HTTPServerLimits = {
    var limits = HTTPServerLimits()
    limits.maxHeadBytes = 512
    limits.maxHeaderCount = 8
    limits.maxBodyBytes = 1024
    return limits
}()

/// What the parser says of `pieces` fed one after another, leaving out its asks for more bytes.
private func events(of pieces: [ArraySlice<UInt8>]) -> [HTTPRequestParser.Event] {
    var parser = HTTPRequestParser(limits: limits)
    var said: [HTTPRequestParser.Event] = []
    for piece in pieces {
        parser.append(piece)
        reading: while true {
            let event = parser.nextEvent()
            switch event {
            case .needMoreData: break reading
            case .failed:
                said.append(event)
                precondition(parser.nextEvent() == event, "a failed parser stays failed")
                return said
            case .request(let request):
                precondition(request.body.count <= limits.maxBodyBytes, "a body past the limit")
                said.append(event)
            case .continueExpected, .bodyFollows:
                said.append(event)
            }
        }
    }
    return said
}
