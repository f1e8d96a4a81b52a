#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file without a name, for what a command would otherwise hold in memory until its output is
/// written (a diff's listing of a million fire changes). Created in a directory the caller names
/// (an executable passes its temporary directory) and unlinked at once, so it goes with the
/// process, however the process ends.
public final class ScratchFile: Sendable {
    /// Why a scratch file could not be made, written or read: the caller reports it and exits 2.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    let descriptor: Int32

    public init(directory: String) throws {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template.append(contentsOf: Array("almanac-scratch-XXXXXX".utf8CString))
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Self.failure("cannot create a scratch file in \(directory)") }
        let path = String(cString: template)
        unlink(path)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes every byte at `offset`, retrying short and interrupted writes.
    func write(_ bytes: [UInt8], at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.failure("cannot write the scratch file")
            }
            done += n
        }
    }

    /// Reads up to `count` bytes at `offset` into `buffer` after its first `start` bytes; returns how
    /// many were read (fewer only at the end of the file).
    func read(into buffer: inout [UInt8], from start: Int, count: Int, at offset: Int) throws -> Int {
        var done = 0
        while done < count {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + start + done, count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.failure("cannot read the scratch file back")
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
