#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads with POSIX calls, so plan reading needs no Foundation.
public enum FileBytes {
    /// The bytes of the file at `path`; a file that is not a regular file (a pipe, a device) is read
    /// to at most `PlanFireSource.nonRegularLimit` bytes, and past that refused.
    public static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        let isRegular = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        return try read(
            fd: fd, path: path, sizeHint: isRegular ? Int(info.st_size) : 0,
            limit: isRegular ? nil : PlanFireSource.nonRegularLimit)
    }

    /// The bytes of `fd` to its end; past `limit` bytes (a pipe or device) refused.
    static func read(fd: Int32, path: String, sizeHint: Int, limit: Int?) throws -> [UInt8] {
        let bytes = try read(fd: fd, path: path, sizeHint: sizeHint, cap: limit.map { $0 + 1 } ?? Int.max)
        if let limit, bytes.count > limit {
            throw PlanError(
                "cannot read \(path): it is not a regular file and holds more than \(limit >> 20) MiB, "
                    + "the most read from a pipe or device; copy the plan to a file")
        }
        return bytes
    }

    /// The bytes of the file at `path`, or of standard input for `-` when `standardInput` is set.
    /// With `maxBytes`, reading stops one byte past the limit (a caller sees `count > maxBytes` and
    /// reports the file as too large), so a huge or endless file (`/dev/zero`) costs no more memory.
    public static func read(_ path: String, maxBytes: Int?, standardInput: Bool = false) throws -> [UInt8] {
        let fd = standardInput && path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { if fd != 0 { close(fd) } }
        return try read(descriptor: fd, path: path, maxBytes: maxBytes)
    }

    /// The bytes of an open descriptor, read to its end or to one byte past `maxBytes`.
    public static func read(descriptor fd: Int32, path: String, maxBytes: Int?) throws -> [UInt8] {
        var info = stat()
        let isRegular = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        return try read(fd: fd, path: path, sizeHint: isRegular ? Int(info.st_size) : 0, cap: maxBytes.map { $0 + 1 } ?? Int.max)
    }

    /// The bytes of `fd` to its end or to `cap` bytes, whichever comes first. The buffer starts at
    /// `sizeHint` plus one byte (a regular file is read into one allocation of its size, the extra
    /// byte seeing its end), grows by half only when the file grew or has no size, never past `cap`.
    private static func read(fd: Int32, path: String, sizeHint: Int, cap: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(max(sizeHint &+ 1, 4096), cap))
        var count = 0
        while count < cap {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(max(4096, bytes.count / 2), cap - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBufferPointer { buffer in
                systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

/// The C `read`, named apart from `FileBytes.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(fd, buffer, count)
}
