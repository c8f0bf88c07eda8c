import Dispatch
import Foundation
import MarfaRules

/// The peer's one connection behind a mutex, written from several threads as the reference's writers would.
///
/// `@unchecked Sendable` because every use of the connection holds `lock`.
final class LockedPeer: @unchecked Sendable {
    private let lock = NSLock()
    private let store: PeerStore
    private var firstFailure: BenchError?

    /// Wraps the peer.
    init(_ store: PeerStore) {
        self.store = store
    }

    /// Writes `items` from `writers` threads, each write its own transaction; returns when all are done.
    func round(_ items: [Item], writers: Int) async {
        let group = DispatchGroup()
        for writer in 0..<writers {
            let mine = stride(from: writer, to: items.count, by: writers).map { items[$0] }
            group.enter()
            let thread = Thread { [self] in
                for item in mine { write(item) }
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { done.resume() }
        }
    }

    /// Throws the first write failure, if any.
    func failure() throws {
        if let failed = lock.withLock({ firstFailure }) { throw failed }
    }

    private func write(_ item: Item) {
        lock.withLock {
            do throws(BenchError) {
                try store.write(item, search: false)
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
        }
    }
}
