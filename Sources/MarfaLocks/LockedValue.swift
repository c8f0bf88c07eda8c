#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value only one thread reaches at a time, guarded by a POSIX mutex: the lock every target uses.
///
/// Chosen over `Synchronization.Mutex` (Decision 0086): on Linux that mutex hands a contended lock over inside the
/// kernel (a priority-inheritance futex), where the thread sanitizer cannot see it, so every contended access it
/// guards reads as a race and real races drown among them. The sanitizer follows `pthread_mutex_lock`.
package final class LockedValue<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    package init(_ value: consuming Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and answers what it answers. `body` must not take the
    /// same lock again.
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
