#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor behind a large write buffer, so millions of small writes cost few system calls.
public struct FileSink: ByteSink {
    public let fileDescriptor: Int32
    private var buffer: [UInt8]
    private let capacity: Int

    /// Writes to an open descriptor, which the caller keeps and closes.
    public init(fileDescriptor: Int32, bufferCapacity: Int = 1 << 20) {
        self.fileDescriptor = fileDescriptor
        self.capacity = max(bufferCapacity, 1)
        buffer = []
        buffer.reserveCapacity(self.capacity)
    }

    /// Creates or truncates the file at `path`; close it with `close()` after `flush()`.
    public init(path: String, bufferCapacity: Int = 1 << 20) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PlanError("cannot create \(path): \(String(cString: strerror(errno)))") }
        self.init(fileDescriptor: fd, bufferCapacity: bufferCapacity)
    }

    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if buffer.count + bytes.count > capacity {
            try flush()
            if bytes.count >= capacity {
                try writeAll(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    public mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Closes the descriptor (buffered bytes not yet flushed are lost).
    public func close() throws {
        if systemClose(fileDescriptor) != 0 { throw PlanError("cannot close the plan file: \(String(cString: strerror(errno)))") }
    }

    /// Writes every byte, retrying short writes and interrupted calls.
    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw PlanError("cannot write the plan: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

/// The C `write`, named apart from `FileSink.write`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// The C `close`, named apart from `FileSink.close`.
private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
