#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two files hold the same bytes, compared in fixed chunks after their sizes, so comparing
/// two plans of ten million fires costs two buffers instead of two copies of the plans.
public enum FileComparison {
    /// Bytes compared per step: large enough that system calls cost nothing next to the compare.
    public static let chunkSize = 1 << 20

    /// True when both files can be read and hold the same bytes; false when they differ or either
    /// cannot be read. Regular files of different sizes are told apart without reading them.
    public static func sameBytes(_ a: String, _ b: String, chunkSize: Int = FileComparison.chunkSize) -> Bool {
        let x = open(a, O_RDONLY | O_CLOEXEC)
        guard x >= 0 else { return false }
        defer { close(x) }
        let y = open(b, O_RDONLY | O_CLOEXEC)
        guard y >= 0 else { return false }
        defer { close(y) }
        var sx = stat(), sy = stat()
        if fstat(x, &sx) == 0, fstat(y, &sy) == 0, sx.st_mode & S_IFMT == S_IFREG, sy.st_mode & S_IFMT == S_IFREG,
            sx.st_size != sy.st_size
        {
            return false
        }
        var left = [UInt8](repeating: 0, count: max(1, chunkSize))
        var right = left
        while true {
            guard let n = fill(x, &left), let m = fill(y, &right), n == m else { return false }
            if n == 0 { return true }
            let equal = left.withUnsafeBytes { l in right.withUnsafeBytes { r in memcmp(l.baseAddress!, r.baseAddress!, n) == 0 } }
            if !equal { return false }
        }
    }

    /// Reads until `buffer` is full or the file ends; the count read, or nil on an error.
    private static func fill(_ fd: Int32, _ buffer: inout [UInt8]) -> Int? {
        var count = 0
        while count < buffer.count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
        }
        return count
    }
}
