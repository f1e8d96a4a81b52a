internal import CAlmanacProcess
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when child processes end, without reaping them (the caller reaps, so a pid stays its
/// process group's until then and can still be signalled).
///
/// On Linux one thread waits for all of them: each child's pidfd (`pidfd_open`) in one epoll set.
/// Elsewhere, on a kernel without pidfds, or when a descriptor cannot be had, a thread waits for
/// that child alone in `waitid`.
// Measured (scripts/bench/delivery.sh, exec backend at 100 fires/s, 2 cores): a thread per command
// cost the daemon about 90 µs of its 280 µs a fire (clone, the stack's mmap, page faults, munmap and
// the other core's TLB flush when it ended); see docs/benchmarks.md for the figures with one thread.
final class ChildWatcher: @unchecked Sendable {
    private let lock = Lock()
    /// Whether children are watched by pidfd (false: always a thread per child).
    private let usesDescriptors: Bool
    /// The epoll set, made with the first pidfd; -1 until then, or when it could not be made.
    private var epoll: Int32 = -1
    /// Children watched through the set, by pidfd.
    private var watched: [Int32: (pid: pid_t, ended: @Sendable () -> Void)] = [:]
    /// Whether the thread that waits on the set runs; it ends when no child is watched.
    private var waiting = false

    /// - Parameter descriptors: watch by pidfd where the system has them; false gives a thread per
    ///   child everywhere (tests of that path).
    init(descriptors: Bool = true) {
        usesDescriptors = descriptors
    }

    deinit {
        if epoll >= 0 { close(epoll) }
    }

    /// Calls `ended` once `pid`, a child of this process not reaped yet, has ended (on a thread of
    /// the watcher's; it may reap the child).
    func watch(_ pid: pid_t, ended: @escaping @Sendable () -> Void) {
        if usesDescriptors && watchByDescriptor(pid, ended: ended) { return }
        waitAlone(pid, ended: ended)
    }

    /// A thread that waits for `pid` alone.
    private func waitAlone(_ pid: pid_t, ended: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            ended()
        }
    }

    /// Adds the child's pidfd to the set, starting the thread unless it runs; false when the
    /// system cannot (no pidfd, no epoll, no descriptor left).
    private func watchByDescriptor(_ pid: pid_t, ended: @escaping @Sendable () -> Void) -> Bool {
        let descriptor = almanac_pidfd_open(pid)
        guard descriptor >= 0 else { return false }
        let added = lock.withLock { () -> Bool in
            if epoll < 0 { epoll = almanac_epoll_create() }
            guard epoll >= 0, almanac_epoll_add(epoll, descriptor) == 0 else { return false }
            watched[descriptor] = (pid, ended)
            if !waiting {
                waiting = true
                Thread.detachNewThread { self.waitForEnds() }
            }
            return true
        }
        if !added { close(descriptor) }
        return added
    }

    /// The thread on the set: reports children as they end, and ends when none is watched.
    private func waitForEnds() {
        var ready = [Int32](repeating: 0, count: 64)
        while true {
            let count = ready.withUnsafeMutableBufferPointer { almanac_epoll_wait(epoll, $0.baseAddress!, Int32($0.count), -1) }
            if count < 0 && errno == EINTR { continue }
            let ends = lock.withLock { () -> [@Sendable () -> Void] in
                guard count >= 0 else {
                    // Cannot happen on a valid set; should it, each child gets a thread of its own.
                    let children = watched.values.map { ($0.pid, $0.ended) }
                    for descriptor in watched.keys {
                        _ = almanac_epoll_remove(epoll, descriptor)
                        close(descriptor)
                    }
                    watched.removeAll()
                    for (pid, ended) in children { waitAlone(pid, ended: ended) }
                    return []
                }
                // A pidfd is readable once its process has ended. Every number reported is watched
                // (only this thread removes, and removed ones are never reported again); the check
                // keeps a descriptor that is not the watcher's from being closed, whatever happens.
                return ready.prefix(Int(count)).compactMap { descriptor in
                    guard let child = watched.removeValue(forKey: descriptor) else { return nil }
                    _ = almanac_epoll_remove(epoll, descriptor)
                    close(descriptor)
                    return child.ended
                }
            }
            for ended in ends { ended() }
            let done = lock.withLock { () -> Bool in
                guard watched.isEmpty else { return false }
                waiting = false
                return true
            }
            if done { return }
        }
    }
}
