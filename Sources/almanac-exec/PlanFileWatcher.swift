import AlmanacExecutor
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Posts `.reload` when the plan file is replaced or rewritten: inotify on the file's directory on
/// Linux (a rename over the file, as `almanac compile` does, or a write that closes it); elsewhere a
/// modification-time check every two seconds.
enum PlanFileWatcher {
    static func start(path: String, posting clock: RealClock, log: @escaping @Sendable (String) -> Void) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            log("cannot watch \(directory) for plan changes; reload with SIGHUP")
            return
        }
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count < 0 && errno == EINTR { continue }
                    return
                }
                var offset = 0
                var changed = false
                // Each record: wd, mask, cookie, len (4 bytes each), then a NUL-padded name of len bytes.
                while offset + 16 <= count {
                    let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                    let nameBytes = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                    if String(decoding: nameBytes, as: UTF8.self) == name { changed = true }
                    offset += 16 + length
                }
                if changed { clock.post(.reload) }
            }
        }
        #else
        Thread.detachNewThread {
            var last = modificationTime(path)
            while true {
                Thread.sleep(forTimeInterval: 2)
                let current = modificationTime(path)
                if current != last {
                    last = current
                    clock.post(.reload)
                }
            }
        }
        #endif
    }

    static func modificationTime(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }
}
