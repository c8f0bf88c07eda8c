import Dispatch

/// Lets a decoded snapshot payload go on a utility queue: freeing hundreds of megabytes returns them to the kernel
/// page by page (about 20 ms at 100k items), which open need not wait for before it answers (Decision 0047).
enum PayloadRelease {
    /// Takes the last reference to `payload` and drops it off the caller's thread.
    static func later(_ payload: consuming [UInt8]) {
        let held = payload
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(held) {} }
    }
}
