import Glibc

/// Monotonic time in nanoseconds, for timing single operations.
enum Stopwatch {
    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Seconds elapsed since `start`.
    static func seconds(since start: UInt64) -> Double {
        Double(now() &- start) / 1e9
    }
}

extension Stopwatch {
    /// CPU seconds the calling thread has used: the work of a single-threaded step, whatever else shares the cores.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// CPU seconds the whole process has used, every thread counted.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
