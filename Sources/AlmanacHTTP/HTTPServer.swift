import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// The executor's HTTP server: `/metrics`, `/healthz` and the console's pages and forms answered by Hummingbird
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
        /// Further response headers (`Content-Security-Policy`, `Set-Cookie`, `Location`), in order.
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]

        public init(
            status: Int = 200, contentType: String = "text/plain; charset=utf-8", headers: [(name: String, value: String)] = [],
            body: [UInt8]
        ) {
            self.status = status
            self.contentType = contentType
            self.headers = headers
            self.body = body
        }
    }

    /// What a handler is given of a request: its method, path, query string, headers and body.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// The query string without `?`, percent-encoded as sent ("" when none).
        public var query: String
        /// Header values by lowercased name; repeated headers joined by ", " (cookies by "; ").
        public var headers: [String: String]
        public var body: [UInt8]

        public init(method: String, path: String, query: String = "", headers: [String: String] = [:], body: [UInt8] = []) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
        }
    }

    /// A path, the methods it answers and its handler, run at each request. A route answering
    /// `GET` answers `HEAD` too, without the body.
    public struct Route: Sendable {
        public var path: String
        public var methods: [String]
        public var handle: @Sendable (Request) async -> Page

        /// A read-only page: `GET` and `HEAD`.
        public init(_ path: String, page: @escaping @Sendable () -> Page) {
            self.init(path, methods: ["GET"]) { _ in page() }
        }

        public init(_ path: String, methods: [String], handle: @escaping @Sendable (Request) async -> Page) {
            self.path = path
            self.methods = methods
            self.handle = handle
        }
    }

    /// The largest request body read (a form or a JSON action); a longer one is answered 413.
    public static let maxBodyBytes = 64 << 10

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
            for method in route.methods {
                guard let verb = HTTPRequest.Method(method) else { continue }
                router.on(RouterPath(route.path), method: verb) { request, _ in
                    guard let read = await Self.read(request) else {
                        return response(Page(status: 413, body: Array("request body too large\n".utf8)))
                    }
                    return response(await route.handle(read))
                }
                if verb == .get {
                    router.on(RouterPath(route.path), method: .head) { request, _ in
                        var page = await route.handle(Self.head(request))
                        page.body = []
                        return response(page)
                    }
                }
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

    /// The request's facts, its body read up to `maxBodyBytes` (nil beyond).
    private static func read(_ request: Hummingbird.Request) async -> Request? {
        var read = head(request)
        guard request.method != .get && request.method != .head else { return read }
        var request = request
        guard let body = try? await request.collectBody(upTo: maxBodyBytes) else { return nil }
        read.body = Array(body.readableBytesView)
        return read
    }

    private static func head(_ request: Hummingbird.Request) -> Request {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            let separator = name == "cookie" ? "; " : ", "
            headers[name] = headers[name].map { $0 + separator + field.value } ?? field.value
        }
        // HTTP/1's Host header becomes the request's authority in swift-http-types, not a field.
        if let authority = request.head.authority { headers["host"] = authority }
        return Request(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", headers: headers, body: [])
    }

    private static func response(_ page: Page) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = page.contentType
        headers[.cacheControl] = "no-store"
        for (name, value) in page.headers {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
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
