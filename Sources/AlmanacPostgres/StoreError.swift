import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// What a store operation found wrong, in words for the log or the exit message.
public struct StoreError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// An operation that overran its deadline: its connection was closed (it may have been frozen).
    static func timedOut(_ seconds: Double, _ what: String) -> StoreError {
        StoreError("no answer from the store within \(StoreError.seconds(seconds)) (\(what)); the connection was closed")
    }

    /// Any error of a store operation in one line, in the server's own words when the server
    /// answered (`password authentication failed for user "app"`, `database "x" does not exist`),
    /// else in the system's (`connection refused (127.0.0.1:5999)`, `cannot resolve host 'db'`).
    /// postgres-nio's own descriptions hide both.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreError:
            return error.description
        case let error as PostgresTransactionError:
            if let inner = error.closureError ?? error.beginError ?? error.commitError { return describe(inner) }
            return "\(error)"
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] {
                return message + (error.serverInfo?[.detail].map { " (\($0))" } ?? "")
            }
            if let underlying = error.underlying { return describe(underlying) }
            switch error.code {
            case .serverClosedConnection: return "the server closed the connection"
            case .clientClosedConnection: return "the connection was closed"
            default: return "\(error.code)"
            }
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                return describe(failure.error) + " (\(endpoint(failure.target)))"
            }
            if let dns = error.dnsAError ?? error.dnsAAAAError { return describe(dns) }
            return "cannot connect to \(error.host):\(error.port)"
        case let error as SocketAddressError.UnknownHost:
            return "cannot resolve host '\(error.host)': \(error.errorDescription)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout(let amount) = error {
                return "no answer within \(seconds(Double(amount.nanoseconds) / 1e9))"
            }
            return "\(error)"
        case let error as NIOSSLError:
            return "TLS: \(error)"
        case is CancellationError:
            return "cancelled"
        default:
            return "\(error)"
        }
    }

    private static func endpoint(_ address: SocketAddress) -> String {
        if let path = address.pathname { return path }
        guard let ip = address.ipAddress, let port = address.port else { return "\(address)" }
        return address.protocol == .inet6 ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int64(value)) s" : String(format: "%.1f s", value)
    }
}
