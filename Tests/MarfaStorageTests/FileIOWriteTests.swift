import Glibc
import XCTest

@testable import MarfaStorage

/// `FileIO.writeAll` hands the kernel at most `largestWrite` bytes a call (Decision 0069) and still writes every
/// byte where it belongs, at the end of the file or at an offset (Q-1: what was acknowledged is on disk whole).
final class FileIOWriteTests: StorageTestCase {
    func testWritesLongerThanTheLargestWriteLandWholeAtTheEndAndAtAnOffset() throws {
        let path = storePath("file")
        let fd = try FileIO.open(path, flags: O_RDWR, create: true)
        defer { Syscall.close(fd) }
        let length = 2 * FileIO.largestWrite + 12_345
        let first = pseudoRandomBytes(length, seed: 69)
        try FileIO.writeAll(fd, first, path: path)
        let offset = 61_000
        let second = pseudoRandomBytes(length, seed: 70)
        try FileIO.writeAll(fd, second, at: offset, path: path)
        XCTAssertEqual(try FileIO.readAll(path), Array(first[..<offset]) + second)
    }
}
