import AlmanacPlan
import Foundation

/// Output bound for standard output that is streamed rather than built in memory, spooled in a
/// temporary file (removed as soon as it is open) and copied out only once complete: a command
/// that fails midway (a plan line that cannot be read, a compile over its budget) prints nothing,
/// as when it built the text whole.
struct StandardOutputSpool {
    let fileDescriptor: Int32

    init() throws {
        let path = OutputFile.temporaryPath(beside: NSTemporaryDirectory() + "/almanac-output")
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PlanError("cannot create \(path): \(String(cString: strerror(errno)))") }
        unlink(path)
        fileDescriptor = fd
    }

    /// A sink into the spool.
    func sink() -> FileSink { FileSink(fileDescriptor: fileDescriptor) }

    /// Copies what the spool holds (flush its sink first) to standard output and closes it.
    func copyToStandardOutput() throws {
        defer { close(fileDescriptor) }
        guard lseek(fileDescriptor, 0, SEEK_SET) == 0 else {
            throw PlanError("cannot read back the output: \(String(cString: strerror(errno)))")
        }
        var out = FileSink(fileDescriptor: 1)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw PlanError("cannot read back the output: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            try buffer.withUnsafeBufferPointer { try out.write(UnsafeBufferPointer(rebasing: $0[..<n])) }
        }
        try out.flush()
    }
}
