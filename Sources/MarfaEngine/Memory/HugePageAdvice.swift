import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Backs the densely used parts of the process's anonymous memory with 2 MB pages (Decision 0039).
///
/// A get or a list page over a large copy is a few dependent cache misses on random rows; with 4 KB pages each miss
/// is also a TLB miss whose page walk, under virtualisation, costs as much again. This asks the kernel to collapse
/// every anonymous read-write region whose resident share is at least `minimumDensity` into huge pages
/// (`MADV_HUGEPAGE`, then `MADV_COLLAPSE`), so sparse regions such as thread stacks stay as they are and RSS grows
/// by little. It acts on the whole process, which is why a copy does it only when its configuration asks.
package enum HugePageAdvice {
    /// What one pass advised and collapsed.
    package struct Outcome: Sendable, Equatable {
        /// Bytes of dense regions advised to use huge pages.
        package var advisedBytes = 0
        /// Bytes the kernel collapsed into huge pages at once.
        package var collapsedBytes = 0
        /// Why nothing was advised, when the kernel offers no transparent huge pages.
        package var unavailable: String?
    }

    private static let hugePageBytes = 2 << 20
    private static let adviseHugePage: Int32 = 14
    private static let collapse: Int32 = 25

    /// Advises and collapses the dense anonymous regions; blocking (it copies memory), so call it off the async pool.
    /// - Complexity: O(regions) system calls, plus a copy of the collapsed bytes.
    package static func apply(minimumDensity: Double = 0.75) -> Outcome {
        var outcome = Outcome()
        let mode = wholeFile("/sys/kernel/mm/transparent_hugepage/enabled") ?? ""
        guard mode.contains("[always]") || mode.contains("[madvise]") else {
            outcome.unavailable = mode.isEmpty ? "no transparent huge pages here" : "transparent huge pages are off"
            return outcome
        }
        guard let smaps = wholeFile("/proc/self/smaps") else {
            outcome.unavailable = "/proc/self/smaps is not readable"
            return outcome
        }
        for region in denseRegions(smaps, minimumDensity: minimumDensity) {
            let pointer = UnsafeMutableRawPointer(bitPattern: region.lowerBound)
            let length = Int(region.upperBound - region.lowerBound)
            guard madvise(pointer, length, adviseHugePage) == 0 else { continue }
            outcome.advisedBytes += length
            if madvise(pointer, length, collapse) == 0 { outcome.collapsedBytes += length }
        }
        return outcome
    }

    /// A kernel file read to its end: `String(contentsOfFile:)` stops at the size `stat` gives, which procfs
    /// reports as zero or one page.
    private static func wholeFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The 2 MB-aligned parts of the anonymous read-write regions of `smaps` at least `minimumDensity` resident.
    package static func denseRegions(_ smaps: String, minimumDensity: Double) -> [Range<UInt>] {
        var regions: [Range<UInt>] = []
        var candidate: Range<UInt>?
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            if let range = anonymousWritableRange(line) {
                candidate = range
            } else if line.hasPrefix("VmFlags:") || (line.first?.isHexDigit == true && line.contains("-")) {
                candidate = nil
            } else if line.hasPrefix("Rss:"), let range = candidate {
                candidate = nil
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 2, let kilobytes = UInt(fields[1]) else { continue }
                let size = range.upperBound - range.lowerBound
                guard Double(kilobytes * 1024) >= Double(size) * minimumDensity else { continue }
                let huge = UInt(hugePageBytes)
                let start = (range.lowerBound + huge - 1) & ~(huge - 1)
                let end = range.upperBound & ~(huge - 1)
                if end > start { regions.append(start..<end) }
            }
        }
        return regions
    }

    /// The range of a mapping header line that is private, read-write and anonymous (or the heap), else nil.
    private static func anonymousWritableRange(_ line: Substring) -> Range<UInt>? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 5, fields[1].hasPrefix("rw"), fields[1].hasSuffix("p"), fields[4] == "0" else {
            return nil
        }
        guard fields.count == 5 || fields[5] == "[heap]" else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
            end > start
        else { return nil }
        return start..<end
    }
}
