import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A destination for JSON lines: a file descriptor (each line written at once, so a killed process
/// leaves whole lines behind; or, `buffered`, in blocks of whole lines, for a simulation that runs
/// to its end) or memory, for tests.
///
/// A daemon's sink writes in the background (`inBackground`): a reader that stalls (a full pipe)
/// delays only the writer thread, never the fire loop, so signals are still handled.
public final class LineSink: @unchecked Sendable {
    private let fileDescriptor: Int32?
    /// What write errors call the destination: the file's path, `standard output`, or the descriptor.
    private let name: String
    private let ownsDescriptor: Bool
    private var memory: [String] = []
    private let lock = Lock(monotonic: true)
    /// Buffered: whole lines not yet written.
    private let buffered: Bool
    private var pending: [UInt8] = []
    /// Bytes waiting for the background writer; nil when lines are written at once.
    private var backlog: [UInt8]?
    /// True while the background writer is inside `write`.
    private var writing = false
    /// True while the background writer waits for lines: only then does a new line wake it.
    // Measured (perf, 2,000 stdout fires a second): with a wake for every line, handing the lock over
    // (a futex wake) was 7 % of the loop thread's work; 3.5 % with this.
    private var writerWaits = false
    /// Lines dropped because the backlog was full, reported once per episode.
    private var dropped = 0
    /// The background writer's first failure, reported once by the next `write`.
    private var writeFailure: String?
    private var failureReported = false
    /// The backlog's bound: beyond it lines are dropped (and counted) rather than held without limit.
    public static let backlogLimit = 16 << 20

    /// Lines kept in memory.
    public init() {
        fileDescriptor = nil
        name = "memory"
        ownsDescriptor = false
        buffered = false
    }

    /// Lines written to an open descriptor the caller keeps (standard output is 1); with
    /// `inBackground`, by a thread of its own.
    public init(fileDescriptor: Int32, inBackground: Bool = false, buffered: Bool = false) {
        self.fileDescriptor = fileDescriptor
        name = fileDescriptor == 1 ? "standard output" : "file descriptor \(fileDescriptor)"
        ownsDescriptor = false
        self.buffered = buffered && !inBackground
        if inBackground {
            backlog = []
            Thread.detachNewThread { self.writeBacklog() }
        }
    }

    /// Lines written to a file, created or truncated (or appended to, with `append`).
    public init(path: String, append: Bool = false, buffered: Bool = false) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot open \(path): \(String(cString: strerror(errno)))") }
        fileDescriptor = fd
        name = path
        ownsDescriptor = true
        self.buffered = buffered
    }

    deinit {
        try? flush()
        if ownsDescriptor, let fileDescriptor { close(fileDescriptor) }
    }

    /// Writes the buffered lines.
    public func flush() throws { try lock.withLock { try flushLocked() } }

    private func flushLocked() throws {
        guard let fileDescriptor, !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        try writeAll(fileDescriptor, pending, to: name)
    }

    /// The lines written so far, for a memory sink.
    public var lines: [String] { lock.withLock { memory } }

    /// Writes `line` and a line feed (in the background: queues them).
    public func write(_ line: String) throws { try writeLine(line.utf8) }

    /// Writes the UTF-8 bytes of one line (without its line feed) and a line feed.
    public func write(line bytes: [UInt8]) throws { try writeLine(bytes) }

    /// Writes whole lines, each ended by its line feed, as one block.
    public func write(lines bytes: [UInt8]) throws {
        precondition(bytes.last == 0x0A, "write(lines:) takes whole lines")
        guard fileDescriptor != nil, backlog == nil, buffered else {
            for line in bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false) { try writeLine(line) }
            return
        }
        try lock.withLock {
            try flushLocked()
            try writeAll(fileDescriptor!, bytes, to: name)
        }
    }

    private func writeLine<Bytes: Collection<UInt8>>(_ line: Bytes) throws {
        try lock.withLock {
            guard let fileDescriptor else {
                memory.append(String(decoding: line, as: UTF8.self))
                return
            }
            if var pending = backlog {
                if let writeFailure, !failureReported {
                    failureReported = true
                    throw ExecutorError("\(writeFailure); lines are lost until a reader returns")
                }
                guard pending.count < LineSink.backlogLimit else {
                    dropped += 1
                    throw ExecutorError(
                        dropped == 1 ? "output is not being read (\(LineSink.backlogLimit >> 20) MiB waiting); dropping lines" : "")
                }
                backlog = nil
                pending.append(contentsOf: line)
                pending.append(0x0A)
                backlog = pending
                if writerWaits { lock.broadcast() }
                return
            }
            if buffered {
                pending.append(contentsOf: line)
                pending.append(0x0A)
                if pending.count >= 256 * 1024 {
                    defer { pending.removeAll(keepingCapacity: true) }
                    try writeAll(fileDescriptor, pending, to: name)
                }
                return
            }
            try writeAll(fileDescriptor, Array(line) + [0x0A], to: name)
        }
    }

    /// Waits up to `seconds` for the background writer to write what is queued; false if it could not.
    @discardableResult
    public func drain(within seconds: Double) -> Bool {
        lock.withLock {
            let deadline = Lock.monotonicNow() + seconds
            while (writing || backlog.map({ !$0.isEmpty }) ?? false) && Lock.monotonicNow() < deadline {
                lock.wait(monotonicUntil: deadline)
            }
            return !writing && (backlog.map { $0.isEmpty } ?? true)
        }
    }

    /// The background writer: takes what is queued and writes it, outside the lock.
    private func writeBacklog() {
        guard let fileDescriptor else { return }
        while true {
            let chunk = lock.withLock { () -> [UInt8] in
                writing = false
                lock.broadcast()
                while backlog?.isEmpty ?? true {
                    writerWaits = true
                    lock.wait()
                }
                writerWaits = false
                defer { backlog = [] }
                writing = true
                dropped = 0
                return backlog ?? []
            }
            // A reader that went away (EPIPE) loses these lines; the journal still has the fires.
            do {
                try writeAll(fileDescriptor, chunk, to: name)
            } catch {
                lock.withLock { if writeFailure == nil { writeFailure = "\(error)" } }
            }
        }
    }
}

/// Writes every byte to `fd`, retrying short writes and interrupted calls; a failure names `name`
/// (the file's path, or what the descriptor is).
func writeAll(_ fd: Int32, _ bytes: [UInt8], to name: String) throws {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            throw ExecutorError("write failed: \(name): \(String(cString: strerror(errno)))")
        }
        offset += n
    }
}
