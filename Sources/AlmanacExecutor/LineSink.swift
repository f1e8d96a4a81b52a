#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A destination for JSON lines: a file descriptor (each line written at once, so a killed process
/// leaves whole lines behind; or, `buffered`, in blocks of whole lines, for a simulation that runs
/// to its end) or memory, for tests.
public final class LineSink: @unchecked Sendable {
    private let fileDescriptor: Int32?
    private let ownsDescriptor: Bool
    private var memory: [String] = []
    /// Buffered: whole lines not yet written.
    private let buffered: Bool
    private var pending: [UInt8] = []
    private let lock = Lock()

    /// Lines kept in memory.
    public init() {
        fileDescriptor = nil
        ownsDescriptor = false
        buffered = false
    }

    /// Lines written to an open descriptor the caller keeps (standard output is 1).
    public init(fileDescriptor: Int32, buffered: Bool = false) {
        self.fileDescriptor = fileDescriptor
        ownsDescriptor = false
        self.buffered = buffered
    }

    /// Lines written to a file, created or truncated (or appended to, with `append`).
    public init(path: String, append: Bool = false, buffered: Bool = false) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot open \(path): \(String(cString: strerror(errno)))") }
        fileDescriptor = fd
        ownsDescriptor = true
        self.buffered = buffered
    }

    deinit {
        try? flush()
        if ownsDescriptor, let fileDescriptor { close(fileDescriptor) }
    }

    /// Writes the buffered lines.
    public func flush() throws {
        try lock.withLock {
            guard let fileDescriptor, !pending.isEmpty else { return }
            defer { pending.removeAll(keepingCapacity: true) }
            try writeAll(fileDescriptor, pending)
        }
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
            if buffered {
                pending.append(contentsOf: line.utf8)
                pending.append(0x0A)
                if pending.count >= 256 * 1024 {
                    defer { pending.removeAll(keepingCapacity: true) }
                    try writeAll(fileDescriptor, pending)
                }
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
