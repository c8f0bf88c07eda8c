import Foundation
import XCTest

@testable import MarfaEngine

/// The huge-page advice (Decision 0039): which regions it picks, and that it acts on a dense one.
final class HugePageAdviceTests: XCTestCase {
    private let smaps = """
        7f0000000000-7f0000800000 rw-p 00000000 00:00 0 
        Size:               8192 kB
        KernelPageSize:        4 kB
        MMUPageSize:           4 kB
        Rss:                8000 kB
        VmFlags: rd wr mr mw me ac
        7f0000800000-7f0001000000 rw-p 00000000 00:00 0 
        Size:               8192 kB
        Rss:                  12 kB
        VmFlags: rd wr mr mw me ac
        7f0001000000-7f0001800000 rw-p 00000000 fe:00 1234                       /var/data/file
        Size:               8192 kB
        Rss:                8192 kB
        VmFlags: rd wr mr mw me ac
        7f0001800000-7f0001a00000 r--p 00000000 00:00 0 
        Size:               2048 kB
        Rss:                2048 kB
        VmFlags: rd mr mw me ac
        7ffd00000000-7ffd00400000 rw-p 00000000 00:00 0                          [stack]
        Size:               4096 kB
        Rss:                4096 kB
        VmFlags: rd wr mr mw me gd ac
        55d000100000-55d000700000 rw-p 00000000 00:00 0                          [heap]
        Size:               6144 kB
        Rss:                6000 kB
        VmFlags: rd wr mr mw me ac
        7f0002001000-7f0002400000 rw-p 00000000 00:00 0 
        Size:               4092 kB
        Rss:                4092 kB
        VmFlags: rd wr mr mw me ac

        """

    func testPicksDenseAnonymousWritableRegionsAndTheHeapAlignedToTwoMegabytes() {
        let regions = HugePageAdvice.denseRegions(smaps, minimumDensity: 0.75)
        XCTAssertEqual(
            regions,
            [
                0x7f00_0000_0000..<0x7f00_0080_0000,
                0x55d0_0020_0000..<0x55d0_0060_0000,
                0x7f00_0220_0000..<0x7f00_0240_0000,
            ])
    }

    func testASparseRegionIsPickedOnceItsDensityThresholdAllowsIt() {
        let regions = HugePageAdvice.denseRegions(smaps, minimumDensity: 0)
        XCTAssertTrue(regions.contains(0x7f00_0080_0000..<0x7f00_0100_0000))
        XCTAssertFalse(regions.contains { $0.lowerBound >= 0x7f00_0100_0000 && $0.upperBound <= 0x7f00_0180_0000 })
    }

    func testAdvisesADenseBufferWhereTheKernelOffersHugePages() throws {
        let mode = String(
            decoding: FileHandle(forReadingAtPath: "/sys/kernel/mm/transparent_hugepage/enabled")?.readDataToEndOfFile()
                ?? Data(), as: UTF8.self)
        let size = 16 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 7, count: size)
        let outcome = HugePageAdvice.apply()
        guard mode.contains("[always]") || mode.contains("[madvise]") else {
            XCTAssertNotNil(outcome.unavailable)
            XCTAssertEqual(outcome.advisedBytes, 0)
            return
        }
        XCTAssertNil(outcome.unavailable)
        XCTAssertGreaterThanOrEqual(outcome.advisedBytes, 12 << 20, "the 16 MB dense buffer holds six whole 2 MB pages")
        XCTAssertLessThanOrEqual(outcome.collapsedBytes, outcome.advisedBytes)
        XCTAssertEqual(buffer.load(fromByteOffset: size - 1, as: UInt8.self), 7, "collapsing keeps the bytes")
    }
}
