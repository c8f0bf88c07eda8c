import CChecksum
import XCTest

@testable import MarfaStorage

final class CRC32CTests: XCTestCase {
    func testKnownVectors() {
        XCTAssertEqual(CRC32C.checksum(Array("123456789".utf8)), 0xE306_9283)
        XCTAssertEqual(CRC32C.checksum([UInt8]()), 0)
        XCTAssertEqual(CRC32C.checksum([UInt8](repeating: 0, count: 32)), 0x8A91_36AA)
        XCTAssertEqual(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)), 0x62A8_AB43)
        XCTAssertEqual(CRC32C.checksum((0..<32).map { UInt8($0) }), 0x46DD_794E)
        XCTAssertEqual(CRC32C.checksum((0..<32).reversed().map { UInt8($0) }), 0x113F_DB5C)
    }

    func testSlicingByEightMatchesTheBitwiseDefinitionAtEveryLengthAndAlignment() {
        let data = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for start in 0..<9 {
            for length in stride(from: 0, through: 280, by: 7) {
                let slice = data[start..<start + length]
                XCTAssertEqual(CRC32C.checksum(slice), bitwise(slice), "start \(start) length \(length)")
            }
        }
    }

    func testTheTableFallbackMatchesTheBitwiseDefinitionAtEveryLengthAndAlignment() {
        let data = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 5) }
        for start in 0..<9 {
            for length in stride(from: 0, through: 280, by: 7) {
                let slice = data[start..<start + length]
                let table = slice.withUnsafeBytes { CRC32C.tableChecksum($0) }
                XCTAssertEqual(table, bitwise(slice), "start \(start) length \(length)")
            }
        }
    }

    func testChainedChecksumsEqualTheChecksumOfTheConcatenation() {
        let first = Array("1234".utf8)
        let second = Array("56789".utf8)
        XCTAssertEqual(CRC32C.checksum(second, continuing: CRC32C.checksum(first)), 0xE306_9283)
    }

    /// The hardware path's three lanes agree with the table at every length around a whole round of lanes (three
    /// lanes of 4 KiB) and its multiples, at every alignment and from any checksum continued.
    func testTheThreeLaneHardwarePathMatchesTheTableAroundEveryRoundBoundary() {
        let round = 3 * Int(MARFA_CRC32C_LANE_BYTES)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let data = (0..<(3 * round + 64)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let lengths = [0, 1, round - 9, round - 1, round, round + 1, round + 8, 2 * round, 2 * round + 7, 3 * round]
        for start in [0, 1, 3, 8] {
            for length in lengths {
                for previous: UInt32 in [0, 0xE306_9283] {
                    data[start..<start + length].withUnsafeBytes { bytes in
                        XCTAssertEqual(
                            CRC32C.checksum(bytes, continuing: previous),
                            CRC32C.tableChecksum(bytes, continuing: previous),
                            "start \(start) length \(length) previous \(previous)")
                    }
                }
            }
        }
    }

    /// Combining the checksums of two halves gives the checksum of the whole, whatever the lengths (an empty second
    /// half included), so open may checksum a snapshot's halves on two threads.
    func testCombinedChecksumsEqualTheChecksumOfTheConcatenation() {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        for split in [0, 1, 7, 8, 9, 4096, 33_333, 69_999, 70_000] {
            let first = CRC32C.checksum(bytes[..<split])
            let second = CRC32C.checksum(bytes[split...])
            XCTAssertEqual(
                CRC32C.combine(first, second, lengthOfB: bytes.count - split), CRC32C.checksum(bytes), "split \(split)")
        }
        let known = CRC32C.combine(
            CRC32C.checksum(Array("1234".utf8)), CRC32C.checksum(Array("56789".utf8)), lengthOfB: 5)
        XCTAssertEqual(known, 0xE306_9283)
    }

    /// Combining over a length of 512 MiB or more (a 1M-item snapshot's second half) agrees with combining the same
    /// zeros in pieces under 512 MiB: the large lengths read the table's high powers, the pieces only its low ones.
    func testCombiningOverHalfAGigabyteAgreesWithCombiningInPieces() {
        let piece = 1 << 28
        for seed: UInt32 in [0x1234_5678, 0xFFFF_FFFF, 1] {
            for length in [1 << 29, (1 << 29) + 12_345, 1_300_000_000, 5 << 30] {
                var remaining = length
                var pieced = seed
                while remaining > 0 {
                    let step = min(piece, remaining)
                    pieced = CRC32C.combine(pieced, 0, lengthOfB: step)
                    remaining -= step
                }
                XCTAssertEqual(CRC32C.combine(seed, 0, lengthOfB: length), pieced, "\(seed) over \(length) bytes")
            }
        }
    }

    private func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }
}
