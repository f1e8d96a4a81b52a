import Foundation

/// A dictionary behind a lock, for memoised pure results shared across threads.
final class LockedDictionary<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private var storage: [Key: Value] = [:]
    private let lock = NSLock()

    func withLock<T>(_ body: (inout [Key: Value]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}
