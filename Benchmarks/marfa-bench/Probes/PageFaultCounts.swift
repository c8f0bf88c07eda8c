import Foundation

/// Page faults this process took and memory-compaction stalls the machine counted, read around a phase of the run:
/// a phase that slows for no reason of its own (lists after `--huge-pages`, Decision 0042) shows whether the
/// kernel was faulting pages in or compacting memory meanwhile.
struct PageFaultCounts {
    /// Minor faults of this process (`/proc/self/stat`, field 10).
    var minor = 0
    /// Major faults of this process (`/proc/self/stat`, field 12).
    var major = 0
    /// Direct compaction stalls of every process on the machine (`compact_stall` in `/proc/vmstat`).
    var compactionStalls = 0

    /// The counts now; a count that cannot be read stays 0.
    static func now() -> PageFaultCounts {
        var counts = PageFaultCounts()
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        {
            // The fields after the command name, which may hold spaces, start at field 3 (the state).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 9 {
                counts.minor = Int(fields[7]) ?? 0
                counts.major = Int(fields[9]) ?? 0
            }
        }
        if let vmstat = try? String(contentsOfFile: "/proc/vmstat", encoding: .utf8),
            let line = vmstat.split(separator: "\n").first(where: { $0.hasPrefix("compact_stall ") })
        {
            counts.compactionStalls = Int(line.split(separator: " ")[1]) ?? 0
        }
        return counts
    }

    /// Records the counts since `start` as facts named `phase` and what each counts.
    static func record(since start: PageFaultCounts, phase: String, in facts: inout [String: Double]) {
        let end = now()
        facts["\(phase) minor faults"] = Double(end.minor - start.minor)
        facts["\(phase) major faults"] = Double(end.major - start.major)
        facts["\(phase) compaction stalls on the machine"] = Double(end.compactionStalls - start.compactionStalls)
    }
}
