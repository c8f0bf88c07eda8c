import Foundation
import Marfa
import Synchronization

/// The copy under test, as its own process so the drill can `kill -9` it: it opens the store through the public
/// SDK, reads one command a line from standard input, performs it, records each acknowledged write in the
/// acknowledgement log, and answers one line (`ok …`, `refused <code>`, `settled`, `unsettled <why>`).
enum ChaosWorker {
    /// Runs until standard input ends. The key comes from `MARFA_API_KEY`, never the command line.
    static func run(_ options: DrillOptions) async throws -> Int32 {
        guard let key = ProcessInfo.processInfo.environment["MARFA_API_KEY"], let url = URL(string: options.url)
        else { throw DrillFailure("the worker needs --url and MARFA_API_KEY") }
        let copy = try await WorkingCopy.open(
            store: URL(fileURLWithPath: options.store), server: Server(url: url, key: key))
        let log = try AckLog(appendingTo: URL(fileURLWithPath: options.log))
        let session = WorkerSession(copy: copy, log: log, pinTargets: options.pins)
        let answers = recordAnswers(of: copy, in: log)
        for await line in standardInputLines() {
            let words = line.split(separator: " ").map(String.init)
            guard let name = words.first else { continue }
            let answer = await session.perform(name, argument: words.dropFirst().first ?? "")
            FileHandle.standardOutput.write(Data((answer + "\n").utf8))
        }
        await session.stopFollowing()
        answers.cancel()
        await copy.close()
        return 0
    }

    /// Logs the verdict of every write any drain settles (the follow's too), as `changes()` tells each answer, so
    /// the checker sees a write answered twice even when the drain that answered it was not the worker's own.
    private static func recordAnswers(of copy: WorkingCopy, in log: AckLog) -> Task<Void, Never> {
        let changes = copy.changesWithoutFollowing()
        return Task {
            for await change in changes {
                guard case .answered(let answer) = change.origin, let verdict = answer.verdict else { continue }
                try? log.append(["verdict", answer.id, WorkerSession.name(of: verdict)])
            }
        }
    }

    /// Standard input's lines, read on a thread of their own so no task blocks on it.
    private static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread.detachNewThread {
                while let line = readLine() { continuation.yield(line) }
                continuation.finish()
            }
        }
    }
}

/// Whether a follow should end at its next update.
final class FollowSwitch: Sendable {
    private let ended = Mutex(false)

    /// Asks the follow to end.
    func end() { ended.withLock { $0 = true } }

    /// Whether it was asked to end.
    var isEnded: Bool { ended.withLock { $0 } }
}
