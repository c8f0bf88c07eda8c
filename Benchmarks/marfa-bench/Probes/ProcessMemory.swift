import Foundation
import Glibc

/// This process's resident memory, from `/proc/self/statm`.
enum ProcessMemory {
    /// Resident bytes now, or 0 when `/proc` cannot be read.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The most resident bytes this process has held (`VmHWM` in `/proc/self/status`), or 0 when it cannot be read.
    /// The kernel pads the figure to eight digits after a tab, so from 10^8 kB (about 10 GB) no space precedes it.
    static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
                .flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// Heap bytes in use now: glibc's `mallinfo2()` arena bytes in use (`uordblks`, the eighth of its ten words) plus
    /// the blocks it served by `mmap` (`hblkhd`, the fifth: large tables and index arrays), or 0 when it cannot be
    /// called. Swift's Glibc module does not import it; on x86-64 its 80-byte result comes back through a
    /// pointer passed as the first argument, which is how it is called here.
    static func heapInUse() -> Int {
        #if arch(x86_64)
            typealias Info = @convention(c) (UnsafeMutablePointer<Int>) -> UnsafeMutableRawPointer?
            guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "mallinfo2") else { return 0 }
            var words = [Int](repeating: 0, count: 10)
            _ = words.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: Info.self)($0.baseAddress!) }
            return words[7] + words[4]
        #else
            return 0
        #endif
    }

    /// Returns freed heap memory to the system (glibc's `malloc_trim`, looked up at run time since Swift's Glibc
    /// module does not import it), so resident memory counts live data.
    static func trim() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
}
