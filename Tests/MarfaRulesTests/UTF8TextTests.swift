import XCTest

@testable import MarfaRules

final class UTF8TextTests: XCTestCase {
    /// Bytes around the edges of the ranges that decide whether a sequence is well formed.
    private static let boundaries: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF]

    /// Every one- and two-byte sequence, every lead byte of three and four with every second byte and boundary
    /// bytes after, alone and inside ASCII runs long enough for the eight-byte steps: `UTF8Text` calls well formed
    /// exactly what the standard library's validation does, tells ASCII apart, keeps well-formed bytes as they
    /// are and builds the same string `String(decoding:as:)` builds, repairs included.
    func testAgreesWithTheStandardLibraryOnEverySequenceShape() {
        var sequences: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for lead in 0...255 {
            for second in 0...255 { sequences.append([UInt8(lead), UInt8(second)]) }
        }
        for lead in 0xC0...0xFF {
            for second in 0...255 {
                for third in Self.boundaries {
                    sequences.append([UInt8(lead), UInt8(second), third])
                    guard lead >= 0xF0 else { continue }
                    for fourth in Self.boundaries { sequences.append([UInt8(lead), UInt8(second), third, fourth]) }
                }
            }
        }
        let padding = Array("123456789".utf8)
        for sequence in sequences {
            for bytes in [sequence, padding + sequence + padding, sequence + padding + sequence] {
                bytes.withUnsafeBufferPointer { utf8 in
                    let valid = String(validating: utf8, as: UTF8.self) != nil
                    let scanned = UTF8Text.scan(utf8)
                    XCTAssertEqual(scanned != nil, valid, "\(bytes)")
                    if valid { XCTAssertEqual(scanned, bytes.allSatisfy { $0 < 0x80 }, "\(bytes)") }
                    let text = UTF8Text.string(utf8)
                    XCTAssertEqual(text, String(decoding: utf8, as: UTF8.self), "\(bytes)")
                    if valid { XCTAssertTrue(text.utf8.elementsEqual(bytes), "\(bytes)") }
                }
            }
        }
    }

    /// Long mixed text (ASCII runs with accented, Cyrillic, CJK and emoji words) reads back through `ByteReader`
    /// as written, and an empty string as empty.
    func testReadStringRoundTripsMixedText() throws {
        let words = ["plain", "café", "привет", "東京", "🚀", "👍🏽", "naïve", ""]
        let texts = (0..<64).map { count in (0..<count).map { words[$0 % words.count] }.joined(separator: " ") }
        var writer = ByteWriter()
        for text in texts { writer.write(text) }
        var reader = ByteReader(writer.bytes)
        for text in texts { XCTAssertEqual(try reader.readString(), text) }
        XCTAssertTrue(reader.isAtEnd)
    }
}
