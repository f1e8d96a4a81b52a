import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGHUP into `.reload` and SIGTERM/SIGINT into `.stop`, on a thread of its own (`sigwait`),
/// so no work happens in a signal handler.
enum SignalWatcher {
    private static var watched: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGHUP, SIGTERM, SIGINT] { sigaddset(&set, signal) }
        return set
    }

    /// Blocks the watched signals in this thread and every thread started after; call first thing.
    static func block() {
        var set = watched
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Undoes `block` for a command that is not a daemon.
    static func unblock() {
        var set = watched
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Starts the watcher; the signals must be blocked already (`block`), and a signal that arrived
    /// since is delivered now.
    static func start(posting clock: RealClock) {
        block()
        let watched = self.watched
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
