import MarfaEngine

extension BenchSession {
    /// Backs the process's dense memory (both loaded stores: they share the process) with huge pages, and keeps
    /// what that did and the resident memory before and after it among the run's facts (Decision 0039).
    static func adviseHugePages(_ context: BenchContext) {
        progress("huge pages: advising the dense memory of both stores")
        let before = ProcessMemory.residentBytes()
        let start = Stopwatch.now()
        let outcome = HugePageAdvice.apply()
        context.facts["huge pages s"] = Stopwatch.seconds(since: start)
        context.facts["huge pages advised bytes"] = Double(outcome.advisedBytes)
        context.facts["huge pages collapsed bytes"] = Double(outcome.collapsedBytes)
        context.facts["huge pages resident before bytes"] = Double(before)
        context.facts["huge pages resident after bytes"] = Double(ProcessMemory.residentBytes())
        if let reason = outcome.unavailable { progress("huge pages: none (\(reason))") }
    }
}
