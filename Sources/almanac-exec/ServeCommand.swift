import AlmanacMetrics
import ArgumentParser
import Foundation

#if HTTP
import AlmanacConsole
import AlmanacHTTP
#endif
#if PostgreSQL
import AlmanacPostgres
#endif

/// `almanac-exec serve`: the operations console over a shared store (actions with `--token-file`) or
/// a state directory (read-only), with its JSON API, `/metrics` and `/healthz`, on one HTTP server.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the operations console: pages, a JSON API under /api/, /metrics and /healthz (docs/console.md).",
        discussion: """
            Over a shared store (--store postgres://…) operators who sign in with a token from --token-file can pause \
            and resume triggers, run a pending fire now, retry or skip an in-doubt fire and cancel a pending one; \
            without --token-file, and over a state directory (--state DIR), the console is read-only. \
            Exit codes: 2 the store cannot be used or the address cannot be listened on; 64 usage.
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "A state directory of `run` to show, read-only (instead of --store).")
    var state: String?

    @Option(help: "Where to listen: HOST:PORT, [IPV6]:PORT, or :PORT for every interface.")
    var listen = "127.0.0.1:8080"

    @Option(help: "Operators' tokens, one per line: NAME TOKEN (at least 16 characters). Without it the console is read-only.")
    var tokenFile: String?

    func validate() throws {
        if state == nil && storeOptions.address == nil { throw ValidationError("give --store postgres://… or --state DIR") }
        if state != nil && storeOptions.store != nil { throw ValidationError("--state and --store are two stores; give one") }
        try MetricsServing.validate(listen, option: "--listen")
    }

    func run() throws {
        #if HTTP
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            printError("serve needs macOS 15 or later")
            throw ExitCode(2)
        }
        var operators: ConsoleOperators?
        if let tokenFile {
            guard let data = FileManager.default.contents(atPath: tokenFile), let text = String(data: data, encoding: .utf8) else {
                printError("--token-file \(tokenFile): cannot be read")
                throw ExitCode(2)
            }
            do { operators = try ConsoleOperators(fileText: text) } catch {
                printError("--token-file \(tokenFile): \(error)")
                throw ExitCode(2)
            }
        }
        let source: any ConsoleSource
        if let state {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: state, isDirectory: &isDirectory), isDirectory.boolValue else {
                printError("--state \(state): no such directory")
                throw ExitCode(2)
            }
            if operators != nil { printError("note: a state directory is read-only in the console; --token-file is not used") }
            source = StateDirectoryConsole(directory: state) {
                ConsoleMoment(microseconds: Int64(Date().timeIntervalSince1970 * 1_000_000))
            }
        } else {
            source = try storeSource(try requireStore(storeOptions))
        }
        let console = Console(source: source, operators: operators, sessions: ConsoleSessions(random: { Self.secret() }))
        let exposition = PrometheusExposition()
        exposition.bootstrap()
        var routes = Console.routes.map { route in
            HTTPServer.Route(route.path, methods: route.methods) { request in
                let response = await console.respond(
                    ConsoleRequest(
                        method: request.method, path: request.path, query: request.query, headers: request.headers, body: request.body))
                return HTTPServer.Page(
                    status: response.status, contentType: response.contentType, headers: response.headers, body: response.body)
            }
        }
        routes.append(
            HTTPServer.Route("/metrics", methods: ["GET"]) { _ in
                await Self.scrape(source, into: exposition)
                return HTTPServer.Page(
                    contentType: "text/plain; version=0.0.4; charset=utf-8", body: exposition.render(now: Date().timeIntervalSince1970))
            })
        routes.append(
            HTTPServer.Route("/healthz", methods: ["GET"]) { _ in
                do {
                    _ = try await source.now()
                    return HTTPServer.Page(body: Array("ok\n".utf8))
                } catch {
                    return HTTPServer.Page(status: 503, body: Array("the store does not answer: \(error)\n".utf8))
                }
            })
        var configuration = HTTPServer.Configuration(address: try ListenAddress.parse(listen))
        configuration.maxConnections = min(
            configuration.maxConnections, max(16, MetricsServing.openFileLimit() - MetricsServing.reservedDescriptors))
        let server: HTTPServer
        do {
            server = try blockOn { [configuration, routes] in try await HTTPServer.start(configuration, routes: routes) }
        } catch let error as HTTPServer.Failure {
            printError("--listen \(error.description)")
            throw ExitCode(2)
        }
        // On standard error, unbuffered: scripts wait for this line to learn the port.
        printError(
            "serve: the console at http://\(server.address)/ ("
                + (operators != nil && source.acceptsActions ? "actions need a token from --token-file" : "read-only") + ")")
        // SIGTERM or SIGINT: stop at once (a request in flight is a read, or an action whose
        // transaction the database rolls back when its connection closes).
        SignalWatcher.start { _ in Foundation.exit(0) }
        while true { sleep(3600) }
        #else
        printError("this almanac-exec was built without the HTTP server (the HTTP package trait); serve cannot run")
        throw ExitCode(2)
        #endif
    }

    #if HTTP
    /// 128 random bits as 32 hex digits: a session id or a CSRF token.
    static func secret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let n = generator.next() as UInt64
            let hex = String(n, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The store's facts a scrape shows: fires by spec and state, time left in each spec's plan.
    static func scrape(_ source: any ConsoleSource, into exposition: PrometheusExposition) async {
        guard source.acceptsActions, let now = try? await source.now(),
            let specs = try? await source.specs(after: nil, limit: Console.maxPageSize)
        else { return }
        for spec in specs.items {
            for state in ["pending", "claimed", "started", "done", "skipped", "cancelled", "in_doubt", "expired"] {
                exposition.setGauge(
                    ExecutorMetrics.storeFiresName, labels: [("spec", spec.id), ("state", state)], to: Double(spec.states[state] ?? 0))
            }
            if let window = spec.window {
                exposition.setGauge(
                    ExecutorMetrics.specRemainingName, labels: [("spec", spec.id)],
                    to: Double(window.to.microseconds - now.microseconds) / 1e6)
            }
        }
    }

    func storeSource(_ address: String) throws -> any ConsoleSource {
        #if PostgreSQL
        let store = try openStore(address)
        do { try blockOn { try await store.checkSchema() } } catch {
            printError("store \(store.address.redacted): \(StoreError.describe(error))")
            throw ExitCode(2)
        }
        return StoreConsole(store: store)
        #else
        printError("this almanac-exec was built without the PostgreSQL store; use --state DIR")
        throw ExitCode(2)
        #endif
    }
    #endif
}
