#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads with POSIX calls, so plan reading needs no Foundation.
public enum FileBytes {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        let sizeHint = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 4096))
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
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
