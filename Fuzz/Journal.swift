// fuzz-modules: MarfaStorage
// fuzz-sources: Fuzz/Support/ScratchStore.swift
@testable import MarfaStorage

/// The journal record decoder (Sources/MarfaStorage/Journal): a segment file of any bytes is read record by record
/// or refused with a `StorageError`, and every record it hands over lies inside the file, after the one before.
///
/// The first input byte chooses how much of the rest is made valid first, so the fuzzer reaches past the checksums:
/// bit 0 writes a good segment header over the first 22 bytes, bit 1 writes the checksum of every record whose
/// length field fits the bytes. The file is then scanned in memory and read back by the writer's `JournalReader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let mode = data[0]
    if mode & 1 != 0 {
        let header = SegmentHeader(segment: 1).encoded()
        if bytes.count < header.count { bytes += [UInt8](repeating: 0, count: header.count - bytes.count) }
        bytes.replaceSubrange(0..<header.count, with: header)
    }
    if mode & 2 != 0 { writeChecksums(into: &bytes, from: SegmentHeader.size) }
    scanInMemory(bytes)
    readFromFile(bytes)
    return 0
}

/// Gives each record whose declared length fits the bytes its right checksum, walking from `offset`.
private func writeChecksums(into bytes: inout [UInt8], from offset: Int) {
    var offset = offset
    while offset + JournalRecord.frameHeaderSize <= bytes.count {
        let length = bytes.withUnsafeBytes { Int(LittleEndian.read(UInt32.self, from: $0, at: offset)) }
        let end = offset + JournalRecord.frameHeaderSize + length
        guard length > 0, end <= bytes.count,
            let word = try? JournalRecord.frameHeaderWord(for: Array(bytes[(offset + 8)..<end]))
        else { return }
        withUnsafeBytes(of: word.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
        offset = end
    }
}

/// Scans `bytes` as a segment after its header; every record must lie inside them and move forward.
private func scanInMemory(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
        guard (try? SegmentHeader.decode(buffer, path: "fuzz")) != nil else { return }
        var offset = SegmentHeader.size
        while case .record(let payload, let next) = JournalRecord.scan(buffer, at: offset) {
            precondition(payload.lowerBound == offset + JournalRecord.frameHeaderSize, "payload after its frame")
            precondition(!payload.isEmpty && payload.upperBound == next && next <= buffer.count, "record in bounds")
            offset = next
        }
    }
}

/// Writes `bytes` as segment 1 and reads it back as the writer does at open: records or a refusal, never a crash.
private func readFromFile(_ bytes: [UInt8]) {
    ScratchStore.write(bytes, named: StoreFileName.segment(1))
    let reader = JournalReader(directory: ScratchStore.directory)
    guard let contents = try? reader.read(from: 1, repair: true) else { return }
    let total = contents.records.reduce(0) { $0 + $1.count + JournalRecord.frameHeaderSize }
    precondition(SegmentHeader.size + total <= bytes.count, "records read add up to more than the file")
}
