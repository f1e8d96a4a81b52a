/// Where a `PlanWriter` sends its bytes.
public protocol ByteSink {
    /// Takes a copy of `bytes`.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
    /// Pushes buffered bytes to their destination.
    mutating func flush() throws
}

/// A growable in-memory sink.
public struct ByteBuffer: ByteSink, Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

    public mutating func flush() {}
}
