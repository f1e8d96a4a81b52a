import Foundation
import Metrics
import Prometheus

#if canImport(Glibc)
import Glibc
private let systemSocket = Glibc.socket
private let systemSend = Glibc.send
private let streamType = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let systemSocket = Darwin.socket
private let systemSend = Darwin.send
private let streamType = SOCK_STREAM
private let sendFlags: Int32 = 0
#endif

/// `--metrics ADDR`: swift-metrics bootstrapped with swift-prometheus, and `GET /metrics` answered in
/// the Prometheus text format on `ADDR` (`127.0.0.1:9464`, `:9464` for every interface).
///
/// Why not an HTTP framework: one read-only page for a scraper is a few dozen lines over a socket,
/// while SwiftNIO's HTTP stack would be built into every almanac-exec, including the file-only one.
/// One thread accepts and answers connections one at a time; a scrape is a few kilobytes.
public final class MetricsEndpoint: Sendable {
    public let registry: PrometheusCollectorRegistry
    /// The address bound (`0.0.0.0` for every interface).
    public let host: String
    /// The port bound (the one asked for, or the kernel's choice for port 0).
    public let port: Int
    private let socket: Int32

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Binds `address`, bootstraps the metrics system (once per process) and starts answering.
    public static func start(address: String) throws -> MetricsEndpoint {
        let (host, port) = try parse(address)
        let fd = systemSocket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw Failure(description: "--metrics \(address): cannot open a socket: \(errorText())") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &addr.sin_addr) == 1 else {
            close(fd)
            throw Failure(description: "--metrics \(address): '\(host)' is not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = errorText()
            close(fd)
            throw Failure(description: "--metrics \(address): cannot listen: \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.valueHistogramBuckets[ExecutorMetrics.latenessName] = ExecutorMetrics.latenessBuckets
        MetricsSystem.bootstrap(factory)
        let endpoint = MetricsEndpoint(registry: registry, host: host, port: Int(UInt16(bigEndian: actual.sin_port)), socket: fd)
        let thread = Thread { endpoint.serve() }
        thread.start()
        return endpoint
    }

    private init(registry: PrometheusCollectorRegistry, host: String, port: Int, socket: Int32) {
        self.registry = registry
        self.host = host
        self.port = port
        self.socket = socket
    }

    /// `HOST:PORT`, `:PORT` (every interface) or `localhost:PORT`.
    public static func parse(_ address: String) throws -> (host: String, port: Int) {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]), (0...65535).contains(port)
        else { throw Failure(description: "--metrics '\(address)': expected HOST:PORT, like 127.0.0.1:9464 or :9464") }
        var host = String(address[..<colon])
        if host.isEmpty { host = "0.0.0.0" }
        if host == "localhost" { host = "127.0.0.1" }
        return (host, port)
    }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            answer(client)
            close(client)
        }
    }

    /// Reads the request head (up to 8 KiB, 2 s) and answers `GET /metrics`; anything else is 404.
    private func answer(_ client: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while request.count < 8192 {
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            request += chunk[0..<n]
            if request.count >= 4, request.suffix(4).elementsEqual([13, 10, 13, 10]) { break }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        let path = parts.count >= 2 ? parts[1].split(separator: "?").first.map(String.init) ?? "" : ""
        var status = "200 OK", body: [UInt8]
        var type = "text/plain; version=0.0.4; charset=utf-8"
        if parts.first == "GET" && (path == "/metrics" || path == "/") {
            body = registry.emitToBuffer()
        } else {
            status = "404 Not Found"
            type = "text/plain; charset=utf-8"
            body = Array("almanac-exec serves GET /metrics\n".utf8)
        }
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        send(client, Array(head.utf8) + body)
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemSend(client, $0.baseAddress, $0.count, sendFlags) }
            if n <= 0 { return }
            offset += n
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
