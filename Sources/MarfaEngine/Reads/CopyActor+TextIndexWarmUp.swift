import Dispatch
import MarfaStorage

extension CopyActor {
    /// Starts building the word index off the actor, from the state as it is now, unless it is built or being
    /// built or the copy holds no item (Decision 0054): reads and writes go on meanwhile, and the first search waits
    /// for the build instead of building it on the actor, which would hold every other read for as long.
    ///
    /// `gate`, when given, holds the build's thread until it is signalled (tests write while a build is known to
    /// be running).
    package func warmTextIndex(gate: DispatchSemaphore? = nil) {
        if readStoredWordIndex() { return }
        guard indexes.words == nil, textIndexWarmUp == nil, state.items.count > 0 else { return }
        lastWarmUpToken += 1
        let warmUp = TextIndexWarmUp(token: lastWarmUpToken, gate: gate)
        indexes.expectWords(token: warmUp.token)
        let captured = state
        let handedOver = Task { [weak self] in
            let built = await warmUp.build(captured)
            await self?.finishTextIndexWarmUp(built, token: warmUp.token)
        }
        textIndexWarmUp = (warmUp, handedOver)
    }

    /// Keeps the word index stored beside the snapshot the copy was opened from, to be read instead of built when
    /// a warm-up or the first search asks for the index (Decision 0071).
    func keepStoredWordIndex(_ stream: SnapshotPayloadStream, commitCount: UInt64) {
        storedWordIndex = (stream, commitCount)
    }

    /// Starts reading the kept stored word index off the actor, as a warm-up, unless there is none or the indexes no
    /// longer expect it; answers whether it started. The rows the journal changed after the snapshot were noted for
    /// it under `StoredWordIndex.token`, and wait for the next search as rows written during a warm-up do. A stored
    /// index that does not read gives way to a warm-up that builds the index from the state as it is then.
    func readStoredWordIndex() -> Bool {
        guard let stored = storedWordIndex else { return false }
        storedWordIndex = nil
        guard textIndexWarmUp == nil, indexes.pendingWordsToken == StoredWordIndex.token else { return false }
        lastWarmUpToken = max(lastWarmUpToken, StoredWordIndex.token)
        let warmUp = TextIndexWarmUp(token: StoredWordIndex.token)
        let handedOver = Task { [weak self] in
            let loaded = await warmUp.load(stored.stream, commitCount: stored.commitCount)
            await self?.finishStoredWordIndex(loaded)
        }
        textIndexWarmUp = (warmUp, handedOver)
        return true
    }

    /// Takes the stored index read, or when it did not read lets the rows noted for it go and builds instead.
    private func finishStoredWordIndex(_ loaded: WordIndex?) {
        let expected = indexes.pendingWordsToken == StoredWordIndex.token
        finishTextIndexWarmUp(loaded, token: StoredWordIndex.token)
        if loaded == nil && expected {
            indexes.abandonWords()
            warmTextIndex()
        }
    }

    /// Waits for a warm-up in flight to hand its index over (a search's first step), unless its index would be
    /// refused; a kept stored index is read first.
    func awaitTextIndexWarmUp() async {
        _ = readStoredWordIndex()
        stopTextIndexWarmUpIfRefused()
        if let running = textIndexWarmUp { await running.handedOver.value }
    }

    /// Stops a warm-up whose index the indexes no longer expect (they were reset, the catalog changed, or the
    /// index was built or given up on the actor), so it spends no more CPU and lets go of the state it read.
    func stopTextIndexWarmUpIfRefused() {
        if let running = textIndexWarmUp, indexes.pendingWordsToken != running.build.token { stopTextIndexWarmUp() }
    }

    /// Takes the index warm-up `token` built (nil when it was stopped), if it is still the one expected.
    private func finishTextIndexWarmUp(_ built: WordIndex?, token: UInt64) {
        if let built { _ = indexes.installWords(built, token: token) }
        if textIndexWarmUp?.build.token == token { textIndexWarmUp = nil }
    }

    /// Stops a warm-up in flight; what it built is not taken, and the rows noted for it are let go.
    func stopTextIndexWarmUp() {
        textIndexWarmUp?.build.stop()
        textIndexWarmUp = nil
        indexes.abandonWords()
    }
}
