import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// The executor's HTTP server: a few read-only pages (`/metrics`, `/healthz`) answered by Hummingbird
/// on SwiftNIO, its I/O and its tasks on one event loop thread of its own (`LoopExecutor`), so that
/// no client can take the fire loop's time, nor other work the server's.
///
/// What holds against abuse, and why: connections are served concurrently (an idle or slow one holds
/// a socket, not the server); each exchange must finish within `requestDeadline` (`RequestDeadline`:
/// slowloris, unread responses, idle keep-alives); at most `maxConnections` are accepted at once, the
/// rest wait in the kernel's backlog (`backlog`) — so abuse cannot take the file descriptors the
/// daemon needs for its journal and commands; request heads are limited to 16 KiB.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class HTTPServer: Sendable {
    /// What a page answers.
    public struct Page: Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]

        public init(status: Int = 200, contentType: String = "text/plain; charset=utf-8", body: [UInt8]) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
    }

    /// A path and what `GET` (and `HEAD`) of it answer, computed at each request.
    public struct Route: Sendable {
        public var path: String
        public var page: @Sendable () -> Page

        public init(_ path: String, page: @escaping @Sendable () -> Page) {
            self.path = path
            self.page = page
        }
    }

    public struct Configuration: Sendable {
        public var address: ListenAddress
        /// Seconds from a connection's opening, or its previous response, to the end of its next response.
        public var requestDeadline: Double = 10
        /// Connections served at once; more wait in the backlog until one closes. Each is a file
        /// descriptor: keep it below the process's limit, with room for what else the process opens.
        public var maxConnections = 1024
        /// The kernel's queue of connections not yet accepted (capped by `net.core.somaxconn`).
        public var backlog = 1024

        public init(address: ListenAddress) { self.address = address }
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The address bound: the port the kernel chose for port 0; `0.0.0.0` when `::` was refused.
    public let address: ListenAddress
    private let task: Task<Void, any Error>
    private let group: MultiThreadedEventLoopGroup

    private init(address: ListenAddress, task: Task<Void, any Error>, group: MultiThreadedEventLoopGroup) {
        self.address = address
        self.task = task
        self.group = group
    }

    /// Binds `configuration.address` and serves `routes` until `stop`; returns once the socket listens,
    /// or throws what kept it from binding. Any other path is 404.
    public static func start(_ configuration: Configuration, routes: [Route]) async throws -> HTTPServer {
        do {
            return try await start(configuration, routes: routes, host: configuration.address.host)
        } catch let failure as Failure where configuration.address.isEveryInterface {
            // A kernel without IPv6 cannot bind `::`: every interface is then every IPv4 one.
            guard let server = try? await start(configuration, routes: routes, host: "0.0.0.0") else { throw failure }
            return server
        }
    }

    private static func start(_ configuration: Configuration, routes: [Route], host: String) async throws -> HTTPServer {
        let router = Router()
        for route in routes {
            router.on(RouterPath(route.path), method: .get) { _, _ in response(route.page()) }
            router.on(RouterPath(route.path), method: .head) { _, _ in
                var page = route.page()
                page.body = []
                return response(page)
            }
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bound = BoundPort()
        var http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadline(seconds: configuration.requestDeadline)],
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 << 10, maxHeaderListSize: 16 << 10, maxHeaderFieldCount: 100))
        http.idleTimeout = nil
        var logger = Logger(label: "almanac.http")
        // The daemon logs in its own words; a client's broken request is not the operator's news.
        logger.logLevel = .critical
        let listening = ListenAddress(host: host, port: configuration.address.port)
        let app = Application(
            router: router, server: .http1(configuration: http),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.address.port), serverName: nil, backlog: configuration.backlog,
                reuseAddress: true, availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections)),
            onServerRunning: { channel in bound.set(.success(channel.localAddress?.port ?? configuration.address.port)) },
            eventLoopGroupProvider: .shared(group), logger: logger)
        let task = Task(executorPreference: LoopExecutor(group.next())) {
            do {
                try await app.runService(gracefulShutdownSignals: [])
                bound.set(.failure(Failure(description: "cannot listen on \(listening): the server stopped first")))
            } catch {
                bound.set(.failure(Failure(description: "cannot listen on \(listening): \(error)")))
                throw error
            }
        }
        switch await bound.value() {
        case .success(let port):
            var address = configuration.address
            address.host = host
            address.port = port
            return HTTPServer(address: address, task: task, group: group)
        case .failure(let failure):
            _ = await task.result
            try? await group.shutdownGracefully()
            throw failure
        }
    }

    /// Stops serving: open connections are closed, then the event loop ends.
    public func stop() async {
        task.cancel()
        _ = await task.result
        try? await group.shutdownGracefully()
    }

    private static func response(_ page: Page) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = page.contentType
        headers[.cacheControl] = "no-store"
        return Response(
            status: HTTPResponse.Status(code: page.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.body)))
    }
}

/// The port the server bound, or why it could not, handed from the server's task to `start`: the
/// first result counts.
private final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Int, HTTPServer.Failure>?
    private var waiter: CheckedContinuation<Result<Int, HTTPServer.Failure>, Never>?

    func set(_ value: Result<Int, HTTPServer.Failure>) {
        let resume = lock.withLock { () -> CheckedContinuation<Result<Int, HTTPServer.Failure>, Never>? in
            guard result == nil else { return nil }
            result = value
            defer { waiter = nil }
            return waiter
        }
        resume?.resume(returning: value)
    }

    func value() async -> Result<Int, HTTPServer.Failure> {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock { () -> Result<Int, HTTPServer.Failure>? in
                if result == nil { waiter = continuation }
                return result
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
