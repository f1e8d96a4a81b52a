import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGHUP into `.reload` and SIGTERM/SIGINT into `.stop`, on a thread of its own (`sigwait`),
/// so no work happens in a signal handler.
enum SignalWatcher {
    /// Blocks the signals in this thread (and every thread started after) and starts the watcher.
    /// Call before any other thread exists.
    static func start(posting clock: RealClock) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGHUP, SIGTERM, SIGINT] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // A command that exits without reading its payload must not kill the daemon.
        signal(SIGPIPE, SIG_IGN)
        let watched = set
        Thread.detachNewThread {
            var set = watched
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                clock.post(received == SIGHUP ? .reload : .stop)
            }
        }
    }
}
