import Glibc

/// The process's limit on open descriptors (`RLIMIT_NOFILE`), which bounds how many sockets a server can hold.
package enum OpenFileLimit {
    /// Raises the soft limit to the hard limit, so a server can hold thousands of connections; answers the soft
    /// limit now in force (unchanged when the kernel refuses).
    @discardableResult
    package static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
