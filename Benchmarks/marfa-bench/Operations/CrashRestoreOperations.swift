import MarfaEngine
import MarfaRules

/// Crash restore: a snapshot plus a journal of N single-item records, reopened to the first read.
///
/// The records are written by 64 concurrent writers and each acknowledged before the store closes; reopening
/// replays exactly what a restart after `kill -9` replays (the crash drill, `tools/crash-drill`, is what proves
/// that no acknowledged write is lost under a real SIGKILL). The check compares the reopened state with the live
/// state before the close and every record's version.
enum CrashRestoreOperations {
    /// Writers that fill the journal.
    static let writers = 64

    /// Opens with a journal of `records` records; `baseline` is the open time with an empty journal (seconds).
    static func make(_ context: BenchContext, records: Int, baseline: Double) async throws
        -> BenchOperation
    {
        let marfa = context.marfa
        try await marfa.copy.checkpoint()
        let plan = CrashRecordPlan(records: records, writers: writers, from: await marfa.copy.capturedState())
        let fill = Stopwatch.now()
        let copy = marfa.copy
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask { try await plan.write(writer, to: copy) }
            }
            try await group.waitForAll()
        }
        let fillSeconds = Stopwatch.seconds(since: fill)
        let journalBytes = marfa.fileSizes().journal
        let firstId = plan.ids.first ?? ""
        let children = ReopenChild.Reports()
        // The live state goes straight into the side that needs it, so a child reopen (the 1m tier) lets it go
        // before the child runs instead of holding it beside the dataset and the peer.
        let (ours, check) =
            marfa.reopensInChild
            ? try await inChild(
                marfa, live: await marfa.copy.capturedState(), plan: plan, firstId: firstId, reports: children)
            : await inProcess(marfa, live: await marfa.copy.capturedState(), plan: plan, firstId: firstId)
        return BenchOperation(
            name: "crash/restore-\(records)-records", group: "crash", ours: ours, peers: [], warmup: 0,
            samples: max(2, context.plan.opens), check: check,
            extras: {
                let sizes = marfa.fileSizes()
                return [
                    "journal bytes": Double(journalBytes), "records": Double(records),
                    "fill seconds (64 writers)": fillSeconds, "open with empty journal s": baseline,
                    "snapshot bytes": Double(sizes.snapshot),
                    "runner peak RSS (VmHWM) bytes": Double(ProcessMemory.peakResidentBytes()),
                ].merging(children.extras) { own, _ in own }
            },
            notes: ["records acknowledged, then the store closed: the same replay as a restart after kill -9"]
                + (marfa.reopensInChild ? [ReopenChild.note] : []))
    }

    /// Our side and the check when this process reopens the store: it holds the live state and the reopened one.
    private static func inProcess(_ marfa: CopyHandle, live: CopyState, plan: CrashRecordPlan, firstId: String)
        async -> (BenchSide, () async throws -> Void)
    {
        await marfa.close()
        var open = false
        let side = BenchSide(
            label: "marfa open + get",
            prepare: { _ in
                if open { await marfa.release() }
                open = false
            },
            run: { _ in
                try await marfa.open()
                open = true
                return Int(try await marfa.copy.readableItem(firstId)?.version ?? -1)
            })
        let check = {
            try await marfa.open()
            open = true
            let reopened = await marfa.copy.capturedState()
            guard reopened == live else {
                throw BenchError("crash restore: the reopened state differs from the state before the close")
            }
            try plan.requireVersions(in: reopened)
        }
        return (side, check)
    }

    /// Our side and the check when a child reopens the store (`ReopenChild`): this process keeps only the live
    /// state's digest, and the child's reopened state must have the same.
    private static func inChild(
        _ marfa: CopyHandle, live: CopyState, plan: CrashRecordPlan, firstId: String, reports: ReopenChild.Reports
    ) async throws -> (BenchSide, () async throws -> Void) {
        try plan.requireVersions(in: live)
        let digest = StateDigest.of(live)
        await marfa.release()
        let check = {
            let report = reports.keep(try await marfa.openInChild(firstId: firstId, digest: true))
            guard report.digest == digest else {
                throw BenchError("crash restore: the state a child reopened differs from the state before the close")
            }
        }
        return (ReopenChild.side(marfa, firstId: firstId, reports: reports), check)
    }
}

extension OperationResult {
    /// Adds the replay rate (records over the open time beyond an empty journal's) and its ratio to the
    /// batched event-apply rate (target ≥ 0.7); below 10,000 records the replay hides in the open time's noise.
    mutating func addReplayRate(records: Int, baseline: Double, eventRate: Double?) {
        guard records >= 10_000 else {
            notes.append("replay of \(records) records is within the open time's noise: no rate derived")
            return
        }
        guard let open = ours.latency?.p50, open > baseline else { return }
        let rate = Double(records) / (open - baseline)
        extras["replay records/s"] = rate
        if let eventRate, eventRate > 0 { extras["replay ÷ batched event apply (target ≥ 0.7)"] = rate / eventRate }
    }
}
