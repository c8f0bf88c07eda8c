// fuzz-sources: Sources/Marfa/Sync/StateMachines/SSEParser.swift Sources/Marfa/Sync/StateMachines/SSEFrame.swift

/// The SSE parser (Sources/Marfa/Sync/StateMachines/SSEParser.swift): any bytes, fed whole or cut into pieces
/// anywhere, give the same frames and comments. The first input byte sets the piece length (1 to 256 bytes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSE(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let pieceLength = Int(data[0]) + 1
    var whole = SSEParser()
    let expected = whole.feed(bytes)
    var pieces = SSEParser()
    var got: [SSEOutput] = []
    var start = 0
    while start < bytes.count {
        let end = min(start + pieceLength, bytes.count)
        got += pieces.feed(bytes[start..<end])
        start = end
    }
    precondition(got == expected, "pieces of \(pieceLength) bytes read \(got), the whole read \(expected)")
    return 0
}
