import AlmanacMetrics
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#elseif canImport(Darwin)
import Darwin
private let RLIMIT_NOFILE_VALUE = RLIMIT_NOFILE
#endif

#if HTTP
import AlmanacHTTP
#endif

/// `--metrics ADDR`: the executor's metrics at `GET /metrics` (Prometheus text format) and
/// `GET /healthz`, on the HTTP server of `AlmanacHTTP` — in builds with the HTTP package trait.
enum MetricsServing {
    /// Descriptors kept for the journal, the plan, the watcher and the commands' pipes, whatever the
    /// HTTP clients do.
    static let reservedDescriptors = 256

    /// Raises the soft limit on open files to the hard one (a service manager often starts a daemon
    /// at 1,024 with a far higher hard limit) and returns it.
    static func openFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1 << 20)
            if setrlimit(RLIMIT_NOFILE_VALUE, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// A usage error when `address` cannot be listened on as written.
    static func validate(_ address: String, option: String = "--metrics") throws {
        #if HTTP
        do { _ = try ListenAddress.parse(address) } catch { throw ValidationError("\(option) \(error.description)") }
        #endif
    }

    /// Bootstraps the metrics of this process into a Prometheus registry and serves it; returns the
    /// address bound (`127.0.0.1:9464`, `[::1]:9464`). Exit status 2 when it cannot listen, or when
    /// this build has no HTTP server.
    static func start(_ address: String) throws -> String {
        #if HTTP
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            printError("--metrics needs macOS 15 or later")
            throw ExitCode(2)
        }
        let exposition = PrometheusExposition()
        exposition.bootstrap()
        let routes = [
            HTTPServer.Route("/metrics") {
                HTTPServer.Page(
                    contentType: "text/plain; version=0.0.4; charset=utf-8", body: exposition.render(now: Date().timeIntervalSince1970))
            },
            HTTPServer.Route("/healthz") { HTTPServer.Page(body: Array("ok\n".utf8)) },
        ]
        var configuration = HTTPServer.Configuration(address: try ListenAddress.parse(address))
        configuration.maxConnections = min(configuration.maxConnections, max(16, openFileLimit() - reservedDescriptors))
        do {
            let server = try blockOn { [configuration] in try await HTTPServer.start(configuration, routes: routes) }
            return server.address.description
        } catch let error as HTTPServer.Failure {
            printError("--metrics \(error.description)")
            throw ExitCode(2)
        }
        #else
        printError("this almanac-exec was built without the HTTP server (the HTTP package trait); --metrics \(address) cannot be served")
        throw ExitCode(2)
        #endif
    }
}
