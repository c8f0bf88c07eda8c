// fuzz-modules: MarfaStorage
// fuzz-sources: Fuzz/Support/ScratchStore.swift
@testable import MarfaStorage

/// The snapshot reader (Sources/MarfaStorage/Snapshot): a snapshot file of any bytes is read whole, and streamed,
/// or refused with a `StorageError`; a payload read is exactly as long as its header says.
///
/// The first input byte chooses how much of the rest is made valid first, so the fuzzer reaches the zstd frames:
/// bit 0 writes a good header for segment 1 over the first 34 bytes, keeping the length and checksum fields given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 != 0 {
        if bytes.count < SnapshotHeader.size {
            bytes += [UInt8](repeating: 0, count: SnapshotHeader.size - bytes.count)
        }
        let header = bytes.withUnsafeBytes { buffer in
            SnapshotHeader(
                segment: 1, payloadLength: LittleEndian.read(UInt64.self, from: buffer, at: 18),
                payloadChecksum: LittleEndian.read(UInt32.self, from: buffer, at: 26))
        }
        bytes.replaceSubrange(0..<SnapshotHeader.size, with: header.encoded())
    }
    ScratchStore.write(bytes, named: StoreFileName.snapshot(1))
    let reader = SnapshotReader(directory: ScratchStore.directory)
    let whole = try? reader.read(segment: 1)
    let streamed = readStreamed(reader)
    if let whole, let streamed {
        precondition(whole == streamed, "the whole read and the stream disagree")
    }
    return 0
}

/// The payload read piece by piece and verified, or nil when refused.
private func readStreamed(_ reader: SnapshotReader) -> [UInt8]? {
    guard let stream = try? reader.stream(segment: 1) else { return nil }
    var payload: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: 4096)
    while true {
        guard let count = try? piece.withUnsafeMutableBytes({ try stream.read(into: $0) }) else { return nil }
        if count == 0 { break }
        payload += piece[0..<count]
        precondition(payload.count <= stream.payloadLength, "the stream gave more than the header's length")
    }
    guard (try? stream.verify()) != nil else { return nil }
    return payload
}
