import AlmanacExecutor
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Posts `.reload` when the plan file is replaced or rewritten: inotify on the file's directory and
/// on the directory of the file it resolves to (names created, moved in or removed), and on the file
/// itself (written or touched, through whatever name) on Linux; elsewhere a check every two seconds.
///
/// Each event is checked against the identity of the file the path resolves to now (device, inode,
/// size, modification time), so any way of replacing it is noticed: a rename over the file (as
/// `almanac compile` does), a rewrite in place, or a swap of a symlink further up (a Kubernetes
/// ConfigMap mounts `plan.json -> ..data/plan.json` and renames a new `..data` into place).
enum PlanFileWatcher {
    /// What identifies the content the path shows.
    struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, modified: Double

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
            modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
            #else
            modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            #endif
        }
    }

    static func start(path: String, posting clock: RealClock, log: @escaping @Sendable (String) -> Void) {
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        // Directories report names only: writes to other files beside the plan (a log, a command's
        // output) wake nothing. Measured (scripts/bench/delivery.sh, whose commands append to a file
        // beside the plan): with writes and attribute changes in the directories' mask this thread
        // woke once a fire, 12-14 µs of the daemon's ~190 µs a fire.
        let mask = UInt32(IN_MOVED_TO | IN_CREATE | IN_DELETE)
        // The file the path resolves to, whatever name it is written through; watched again after
        // each event, so a replacement's new file is watched too (the same file keeps its watch).
        let fileMask = UInt32(IN_CLOSE_WRITE | IN_ATTRIB)
        guard fd >= 0, inotify_add_watch(fd, directory(of: path), mask) >= 0 else {
            log("cannot watch \(directory(of: path)) for plan changes; reload with SIGHUP")
            return
        }
        let initialTarget = resolvedDirectory(path)
        if let initialTarget { _ = inotify_add_watch(fd, initialTarget, mask) }
        _ = inotify_add_watch(fd, path, fileMask)
        // Read before the first plan load, so a replacement during it counts as a change.
        let initial = Identity(path)
        Thread.detachNewThread {
            var targetDirectory = initialTarget
            var last = initial
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count < 0 && errno == EINTR { continue }
                    return
                }
                // Every event the masks let through may concern the plan (a name created, moved in or
                // removed; the plan's file written or touched): the identity tells.
                _ = inotify_add_watch(fd, path, fileMask)
                let current = Identity(path)
                // A missing file (mid-swap) is not a change: the rename that completes it will be.
                guard let current, current != last else { continue }
                last = current
                let resolved = resolvedDirectory(path)
                if let resolved, resolved != targetDirectory {
                    targetDirectory = resolved
                    _ = inotify_add_watch(fd, resolved, mask)
                }
                clock.post(.reload)
            }
        }
        #else
        Thread.detachNewThread {
            var last = Identity(path)
            while true {
                Thread.sleep(forTimeInterval: 2)
                let current = Identity(path)
                if let current, current != last {
                    last = current
                    clock.post(.reload)
                }
            }
        }
        #endif
    }

    /// The path `path` finally resolves to, through every symlink.
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The directory of the file `path` finally resolves to, through every symlink.
    private static func resolvedDirectory(_ path: String) -> String? {
        resolvedPath(path).map(directory)
    }
}
