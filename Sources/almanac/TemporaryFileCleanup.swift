#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file a compile is writing when SIGINT or SIGTERM ends the process, so an
/// interrupted compile leaves nothing behind; then the signal ends the process as it would have.
enum TemporaryFileCleanup {
    /// Set before the handlers run and read only by them: a C string, so the handler allocates nothing.
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

    /// Removes `path` if a terminating signal arrives before `disarm()`.
    static func arm(_ path: String?) {
        disarm()
        guard let path else { return }
        Self.path = strdup(path)
        // A parent may start us with these blocked (test runners do); we handle them now.
        var set = sigset_t()
        sigemptyset(&set)
        for terminating in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, terminating) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for terminating in [SIGINT, SIGTERM, SIGHUP] {
            signal(terminating) { number in
                if let path = TemporaryFileCleanup.path { unlink(path) }
                // Die of the signal itself, so the parent sees the usual status.
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func disarm() {
        for terminating in [SIGINT, SIGTERM, SIGHUP] { signal(terminating, SIG_DFL) }
        if let path { free(path) }
        path = nil
    }
}
