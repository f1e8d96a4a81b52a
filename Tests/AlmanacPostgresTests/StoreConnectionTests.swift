import AlmanacPostgres
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The store never hangs: a connection attempt and an operation each end by their deadline, or at
/// once when cancelled (SIGTERM), and say why in words. Against a closed port, a server that accepts
/// and never answers (a frozen proxy looks the same), and a real server kept busy.
///
/// The bounds leave room for a busy test process (other suites hold the two cooperative threads of
/// a two-core machine for seconds at a time: 3.6 s seen) and still lie well below what each case
/// would take without its fix: a 30 s connect timeout, a 20 s query; the silent server's 1 s is
/// told from the default 4 s by the message.
@Suite(.enabled(if: testStoreAddress != nil, "runs with the store's suites: set ALMANAC_TEST_STORE (scripts/lib/postgres.sh)"))
struct StoreConnectionTests {
    /// A listening socket that never accepts: the kernel completes the TCP handshake, nothing answers.
    final class SilentServer {
        let fd: Int32
        let port: Int

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
            guard bound == 0, listen(fd, 16) == 0 else {
                port = 0
                throw StoreError("cannot listen")
            }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
            }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(fd) }
    }

    /// A port nothing listens on.
    static func closedPort() throws -> Int {
        let server = try SilentServer()
        return server.port
    }

    static func elapsed(_ body: () async throws -> Void) async -> (Double, (any Error)?) {
        let start = Date()
        do {
            try await body()
            return (Date().timeIntervalSince(start), nil)
        } catch {
            return (Date().timeIntervalSince(start), error)
        }
    }

    @Test func aClosedPortFailsAtOnceNamingIt() async throws {
        let port = try Self.closedPort()
        let store = try ClusterStore(address: try StoreAddress("postgres://u@127.0.0.1:\(port)/db?connect_timeout=30"))
        let (_, error) = await Self.elapsed { _ = try await store.schemaVersion() }
        let text = StoreError.describe(try #require(error))
        // No upper bound here: under the full suite the answer can queue behind other tests for
        // minutes; scripts/test/store-failures.sh holds each command to its limit in a process of its own.
        #expect(text.contains("connection refused") && text.contains("127.0.0.1:\(port)"), "\(text)")
    }

    @Test func aServerThatNeverAnswersFailsAtTheConnectTimeout() async throws {
        let server = try SilentServer()
        let store = try ClusterStore(address: try StoreAddress("postgres://u@127.0.0.1:\(server.port)/db?connect_timeout=1"))
        let (seconds, error) = await Self.elapsed { _ = try await store.schemaVersion() }
        let text = StoreError.describe(try #require(error))
        #expect(seconds >= 0.9, "\(seconds)") // the deadline is the URL's (upper bound: store-failures.sh)
        #expect(text.contains("no answer within 1 s"), "\(text)")
    }

    @Test func cancellingAConnectionAttemptReturnsAtOnce() async throws {
        let server = try SilentServer()
        let store = try ClusterStore(address: try StoreAddress("postgres://u@127.0.0.1:\(server.port)/db?connect_timeout=30"))
        let attempt = Task { try await store.schemaVersion() }
        try await Task.sleep(for: .milliseconds(200))
        attempt.cancel()
        let result = await attempt.result
        // A cancellation that did not reach the attempt would end in the 30 s timeout's error instead.
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test(.enabled(if: testStoreAddress != nil, "needs ALMANAC_TEST_STORE"))
    func anOperationPastItsDeadlineFailsAndItsConnectionIsClosed() async throws {
        let store = try ClusterStore(address: try StoreAddress(testStoreAddress!), operationTimeout: 0.5)
        // A connection made first (kept for reuse), so the deadline is the query's alone.
        try await store.execute("SELECT 1", "connecting", timeout: 30)
        let (seconds, error) = await Self.elapsed { try await store.execute("SELECT pg_sleep(20)", "sleeping") }
        let text = StoreError.describe(try #require(error))
        #expect(seconds >= 0.5 && seconds < 8, "\(seconds)")
        #expect(text.contains("no answer from the store within 0.5 s (sleeping)"), "\(text)")
        // The next operation has a connection of its own at once.
        #expect(try await store.schemaVersion() >= 0)
        // Cancelled mid-query (SIGTERM), it returns at once too.
        let slow = Task { try await store.execute("SELECT pg_sleep(20)", "sleeping", timeout: 60) }
        try await Task.sleep(for: .milliseconds(200))
        let start = Date()
        slow.cancel()
        await #expect(throws: CancellationError.self) { try await slow.value }
        #expect(Date().timeIntervalSince(start) < 8)
        await store.close()
    }
}
