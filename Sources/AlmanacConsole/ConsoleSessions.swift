import AlmanacExecutor

/// Signed-in browsers: a session id (random, in an `HttpOnly; SameSite=Strict` cookie) names the
/// operator who signed in with a token, in this process's memory only (a restart signs everyone
/// out). The random ids come from the executable (`random`), so the library reads nothing itself.
public final class ConsoleSessions: @unchecked Sendable {
    // Guarded by `lock`.
    private var sessions: [String: String] = [:]
    private var order: [String] = []
    private let lock = Lock()
    private let random: @Sendable () -> String
    /// Sessions kept at most; the oldest is forgotten first.
    static let limit = 10_000

    /// `random` returns an unguessable id (at least 128 bits, URL-safe characters).
    public init(random: @escaping @Sendable () -> String) { self.random = random }

    /// A new unguessable value (sessions and CSRF cookies).
    public func newSecret() -> String { random() }

    public func open(for name: String) -> String {
        let id = random()
        lock.withLock {
            sessions[id] = name
            order.append(id)
            if order.count > Self.limit { sessions.removeValue(forKey: order.removeFirst()) }
        }
        return id
    }

    public func name(of id: String) -> String? { lock.withLock { sessions[id] } }

    public func close(_ id: String) { lock.withLock { _ = sessions.removeValue(forKey: id) } }
}
