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
        start { clock.post($0 == SIGHUP ? .reload : .stop) }
    }

    /// Starts the watcher, calling `handle` with each signal (SIGHUP, SIGTERM or SIGINT) on its thread.
    ///
    /// The shared-store daemon uses this too, instead of ServiceLifecycle's Dispatch signal sources:
    /// the signals then stay blocked in every thread from the first line of `main`, so one that
    /// arrives while the daemon starts (a first connection, a large plan) is handled, never fatal,
    /// and both daemons stop the same way.
    static func start(_ handle: @escaping @Sendable (Int32) -> Void) {
        block()
        let watched = self.watched
        Thread.detachNewThread {
            var set = watched
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                handle(received)
            }
        }
    }
}
