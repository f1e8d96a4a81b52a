#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A destination for JSON lines: a file descriptor (each line written at once, so a killed process
/// leaves whole lines behind) or memory, for tests.
public final class LineSink: @unchecked Sendable {
    private let fileDescriptor: Int32?
    private let ownsDescriptor: Bool
    private var memory: [String] = []
    private let lock = Lock()

    /// Lines kept in memory.
    public init() {
        fileDescriptor = nil
        ownsDescriptor = false
    }

    /// Lines written to an open descriptor the caller keeps (standard output is 1).
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        ownsDescriptor = false
    }

    /// Lines written to a file, created or truncated (or appended to, with `append`).
    public init(path: String, append: Bool = false) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot open \(path): \(String(cString: strerror(errno)))") }
        fileDescriptor = fd
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor, let fileDescriptor { close(fileDescriptor) }
    }

    /// The lines written so far, for a memory sink.
    public var lines: [String] { lock.withLock { memory } }

    /// Writes `line` and a line feed.
    public func write(_ line: String) throws {
        try lock.withLock {
            guard let fileDescriptor else {
                memory.append(line)
                return
            }
            try writeAll(fileDescriptor, Array((line + "\n").utf8))
        }
    }
}

/// Writes every byte to `fd`, retrying short writes and interrupted calls.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            throw ExecutorError("write failed: \(String(cString: strerror(errno)))")
        }
        offset += n
    }
}
