import Foundation
import NIOSSL
import PostgresNIO

/// `--store postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?host=/socket/dir]`, as libpq spells it.
///
/// TLS: `sslmode=disable` (the default, for loopback and Unix sockets) or `sslmode=require`
/// (`prefer` is read as `require`: a store reached over a network should not fall back to clear text
/// silently). `connect_timeout=N` (seconds, as libpq: 0 waits indefinitely) bounds each connection
/// attempt, the server's answer to the login included; without it an attempt gives up after
/// `defaultConnectTimeout`. The password is never printed, however it was given (`redacted`,
/// `redactedText`).
public struct StoreAddress: Sendable, Equatable {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// A directory holding the server's Unix socket (`?host=/var/run/postgresql`); wins over `host`.
    public var socketDirectory: String?
    public var requireTLS: Bool
    /// Seconds a connection attempt may take; nil waits indefinitely (`connect_timeout=0`).
    public var connectTimeout: Double?
    public var applicationName: String

    /// Seconds a connection attempt may take when the address does not say: well under the 5 s in
    /// which an unreachable or misnamed store must be reported.
    public static let defaultConnectTimeout = 4.0

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ text: String) throws {
        func fail(_ why: String) -> Invalid {
            Invalid(description: "--store: \(why); expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        }
        var rest: Substring
        if text.hasPrefix("postgres://") {
            rest = text.dropFirst("postgres://".count)
        } else if text.hasPrefix("postgresql://") {
            rest = text.dropFirst("postgresql://".count)
        } else {
            throw fail("'\(Self.redactedText(text))' is not a postgres:// address")
        }
        var query: Substring = ""
        if let q = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: q)...]
            rest = rest[..<q]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userInfo: Substring = ""
        if let at = rest.lastIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        let userParts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        user = userParts.first.map { Self.decode($0) } ?? ""
        password = userParts.count > 1 ? Self.decode(userParts[1]) : nil
        var hostPart = rest
        port = 5432
        if let colon = hostPart.lastIndex(of: ":") {
            guard let p = Int(hostPart[hostPart.index(after: colon)...]), (1...65535).contains(p) else {
                throw fail("the port in '\(Self.redactedText(text))' is not a number from 1 to 65535")
            }
            port = p
            hostPart = hostPart[..<colon]
        }
        host = hostPart.isEmpty ? "localhost" : Self.decode(hostPart)
        database = Self.decode(path)
        socketDirectory = nil
        requireTLS = false
        connectTimeout = Self.defaultConnectTimeout
        applicationName = "almanac-exec"
        for item in query.split(separator: "&") {
            let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(kv[0]), value = kv.count > 1 ? Self.decode(kv[1]) : ""
            switch key {
            case "host": socketDirectory = value
            case "port":
                guard let p = Int(value), (1...65535).contains(p) else { throw fail("port=\(value) is not a port") }
                port = p
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "sslmode":
                switch value {
                case "disable", "allow": requireTLS = false
                case "prefer", "require", "verify-ca", "verify-full": requireTLS = true
                default: throw fail("sslmode=\(value) is not one of disable, require, verify-full")
                }
            case "connect_timeout":
                guard let seconds = Int(value), seconds >= 0 else {
                    throw fail("connect_timeout=\(value) is not a whole number of seconds")
                }
                connectTimeout = seconds == 0 ? nil : Double(seconds)
            case "application_name": applicationName = value
            default: throw fail("unknown parameter '\(key)'")
            }
        }
        if user.isEmpty { throw fail("no user in '\(Self.redactedText(text))'") }
        if database.isEmpty { database = user }
    }

    /// The address with its password replaced by `***`, for messages and logs.
    public var redacted: String {
        let socket = socketDirectory.map { "?host=\($0)" } ?? ""
        return "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)\(socket)"
    }

    /// The address as `text` with any password hidden: the one in `USER:PASSWORD@`, the value of any
    /// parameter whose name holds `pass` (`password=`, `sslpassword=`, however encoded), and in
    /// libpq's `key=value` form (`host=db password=…`, which `--store` does not take but a message
    /// may quote). Where the address is ambiguous it hides too much rather than too little.
    public static func redactedText(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return redactedKeywords(text) }
        var head = String(text[..<scheme.upperBound])
        var rest = Substring(text[scheme.upperBound...])
        // A colon before the first `@` starts a password, which ends at the last `@`: unencoded, it
        // may hold `@`, `/`, `:`, `?` or `#` (libpq wants them encoded; a message must not show one
        // that was not).
        if let firstAt = rest.firstIndex(of: "@"), let colon = rest[..<firstAt].firstIndex(of: ":"), let lastAt = rest.lastIndex(of: "@") {
            head += rest[..<colon] + ":***"
            rest = rest[lastAt...]
        }
        guard let q = rest.firstIndex(of: "?") else { return head + rest }
        let query = rest[rest.index(after: q)...]
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
            return key.lowercased().contains("pass") && kv.count > 1 ? String(kv[0]) + "=***" : String(item)
        }
        return head + rest[...q] + items.joined(separator: "&")
    }

    /// `key=value` pairs (libpq's other form) with the value of each key holding `pass` hidden, quoted
    /// values (`password='a b'`) included.
    static func redactedKeywords(_ text: String) -> String {
        guard text.lowercased().contains("pass"),
            let pattern = try? NSRegularExpression(
                pattern: #"([^\s=]*pass[^\s=]*)\s*=\s*('(?:[^'\\]|\\.)*'?|\S*)"#, options: [.caseInsensitive])
        else { return text }
        return pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1=***")
    }

    private static func decode(_ s: Substring) -> String {
        String(s).removingPercentEncoding ?? String(s)
    }

    /// How postgres-nio reaches the server; `connectTimeout` bounds the attempt (TCP, TLS and login).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if let dir = socketDirectory {
            configuration = .init(unixSocketPath: "\(dir)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database,
                tls: requireTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
        }
        // Our own deadline (`StoreConnections`) also bounds the attempt; this one makes postgres-nio
        // close the socket of an attempt given up.
        configuration.options.connectTimeout = .milliseconds(Int64((connectTimeout ?? 86_400 * 365) * 1000))
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        return configuration
    }

    /// Where the server is, for messages: `HOST:PORT` or the socket's path.
    public var endpoint: String {
        socketDirectory.map { "\($0)/.s.PGSQL.\(port)" } ?? "\(host):\(port)"
    }
}
