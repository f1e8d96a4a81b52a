import AlmanacJSON
import AlmanacRender
import AlmanacTime

/// The operations console: pages, the JSON API and the actions, as a function from a request to a
/// response over a `ConsoleSource` — no server in it (the executable serves it on `AlmanacHTTP`).
///
/// Security, and why: every response has a strict Content-Security-Policy (no script at all, styles
/// and images from the console only, forms post only to it, no framing); every value is escaped
/// (`XMLText`, `URLText`); actions need an operator's token (`--token-file`, compared in constant
/// time): a browser signs in once (an `HttpOnly; SameSite=Strict` session cookie) and every form
/// carries a CSRF token that must equal its cookie (double submit), and a cross-site `Origin` or
/// `Sec-Fetch-Site` is refused; the API takes `Authorization: Bearer` and no cookie, so a page on
/// another site cannot make a browser act. Without operators the console is read-only.
public final class Console: Sendable {
    let source: any ConsoleSource
    let operators: ConsoleOperators?
    let sessions: ConsoleSessions
    let time = ConsoleTime()

    /// Rows per page unless `n=` says otherwise (at most `maxPageSize`).
    public static let pageSize = 50
    public static let maxPageSize = 500
    /// How far ahead the timeline draws.
    static let timelineSpan: Int64 = 7 * 86_400
    /// At most this many fires are drawn: past it the picture ends at the last one drawn. Measured
    /// (scripts/bench/console.sh, debug build, 20 triggers firing every 5 s): 20,000 fires took the
    /// page 2.5 s at p95; the picture's density strips say as much with fewer.
    static let timelineFires = 2_000

    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    static let sessionCookie = "almanac_session", csrfCookie = "almanac_csrf"

    /// The paths the console answers, with their methods: what a server registers.
    public static let routes: [(path: String, methods: [String])] = {
        var routes: [(path: String, methods: [String])] = []
        let pages = ["/", "/spec", "/upcoming", "/recent", "/trouble", "/executors", "/fire", "/timeline.svg", "/console.css"]
        let api = ["/api/specs", "/api/spec", "/api/upcoming", "/api/recent", "/api/trouble", "/api/executors", "/api/fire"]
        for path in pages + api { routes.append((path: path, methods: ["GET"])) }
        routes.append((path: "/login", methods: ["GET", "POST"]))
        for path in ["/logout", "/action", "/api/actions"] { routes.append((path: path, methods: ["POST"])) }
        return routes
    }()

    public init(source: any ConsoleSource, operators: ConsoleOperators?, sessions: ConsoleSessions) {
        self.source = source
        self.operators = operators
        self.sessions = sessions
    }

    /// The response to `request`; never throws: a store that fails is a 503 page in its words.
    public func respond(_ request: ConsoleRequest) async -> ConsoleResponse {
        if request.path.hasPrefix("/api/") { return await api(request) }
        if request.path == "/console.css" {
            return ConsoleResponse(
                status: 200, contentType: "text/css; charset=utf-8", headers: Self.securityHeaders, body: Array(ConsoleStyle.css.utf8))
        }
        var setCookies: [String] = []
        let csrf: String
        if let existing = request.cookie(Self.csrfCookie), existing.utf8.count >= 16 {
            csrf = existing
        } else {
            csrf = sessions.newSecret()
            setCookies.append("\(Self.csrfCookie)=\(csrf); Path=/; HttpOnly; SameSite=Strict")
        }
        let name = request.cookie(Self.sessionCookie).flatMap(sessions.name(of:))
        let viewer = ConsoleViewer(operatorName: name, csrf: csrf, actionsEnabled: operators != nil && source.acceptsActions)
        var response: ConsoleResponse
        do {
            let now = try await source.now()
            let pages = ConsolePages(time: time, viewer: viewer, now: now)
            response = try await route(request, pages: pages, viewer: viewer, now: now)
        } catch let refusal as ConsoleRefusal {
            let pages = ConsolePages(time: time, viewer: viewer, now: ConsoleMoment(microseconds: 0))
            response = html(Self.status(refusal.kind), pages.message("Not done", refusal.description, refused: true))
        } catch let bad as BadRequest {
            let pages = ConsolePages(time: time, viewer: viewer, now: ConsoleMoment(microseconds: 0))
            response = html(400, pages.message("Bad request", bad.description, refused: true))
        } catch {
            let pages = ConsolePages(time: time, viewer: viewer, now: ConsoleMoment(microseconds: 0))
            response = html(503, pages.message("The store did not answer", "\(error)", refused: true))
        }
        for cookie in setCookies { response.headers.append((name: "Set-Cookie", value: cookie)) }
        return response
    }

    struct BadRequest: Error, CustomStringConvertible {
        let description: String
    }

    static func status(_ kind: ConsoleRefusal.Kind) -> Int {
        switch kind {
        case .notFound: return 404
        case .conflict: return 409
        case .readOnly: return 403
        case .invalid: return 400
        }
    }

    // `same-origin`, not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with the
    // console's own forms, and the origin check could not tell them from another site's.
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
    ]

    func html(_ status: Int, _ text: String, headers: [(name: String, value: String)] = []) -> ConsoleResponse {
        ConsoleResponse(
            status: status, contentType: "text/html; charset=utf-8", headers: Self.securityHeaders + headers, body: Array(text.utf8))
    }

    static func limit(_ request: ConsoleRequest) throws -> Int {
        guard let text = request.query["n"] else { return pageSize }
        guard let n = Int(text), n >= 1, n <= maxPageSize else { throw BadRequest(description: "n must be 1 to \(maxPageSize)") }
        return n
    }

    static func cursor(_ request: ConsoleRequest) throws -> ConsoleCursor? {
        guard let text = request.query["after"] else { return nil }
        guard let cursor = ConsoleCursor(text: text) else { throw BadRequest(description: "after= is not a cursor this console wrote") }
        return cursor
    }

    static func required(_ request: ConsoleRequest, _ name: String) throws -> String {
        guard let value = request.query[name], !value.isEmpty else { throw BadRequest(description: "\(name)= is required") }
        return value
    }

    private func route(_ request: ConsoleRequest, pages: ConsolePages, viewer: ConsoleViewer, now: ConsoleMoment) async throws
        -> ConsoleResponse
    {
        let after = try Self.cursor(request), n = try Self.limit(request)
        let note = request.query["done"].flatMap { ConsoleAction.names.contains($0) ? "Done: \($0.replacingOccurrences("-", " "))." : nil }
        switch (request.method, request.path) {
        case ("GET", "/"):
            let specs = try await source.specs(after: after, limit: n)
            let trouble = try await source.trouble(after: nil, limit: 51).items.count
            let executors = try await source.executors(after: nil, limit: Self.maxPageSize).items
            return html(200, pages.overview(specs, trouble: trouble, executors: executors, isFirst: after == nil))
        case ("GET", "/spec"):
            let id = try Self.required(request, "id")
            guard let spec = try await source.spec(id) else { throw ConsoleRefusal(.notFound, "no spec '\(id)' in the store") }
            let trigger = request.query["trigger"].flatMap { $0.isEmpty ? nil : $0 }
            let upcoming = try await source.upcoming(spec: id, trigger: trigger, after: after, limit: n)
            return html(200, pages.spec(spec, upcoming: upcoming, trigger: trigger, isFirst: after == nil, note: note))
        case ("GET", "/upcoming"):
            let list = try await source.upcoming(spec: nil, trigger: nil, after: after, limit: n)
            return html(
                200,
                pages.fireList("Upcoming fires", path: "/upcoming", list, parameters: [], isFirst: after == nil, upcoming: true, note: note)
            )
        case ("GET", "/recent"):
            let list = try await source.recent(after: after, limit: n)
            return html(
                200,
                pages.fireList(
                    "Recent deliveries", path: "/recent", list, parameters: [], isFirst: after == nil, upcoming: false, note: note))
        case ("GET", "/trouble"):
            let list = try await source.trouble(after: after, limit: n)
            return html(
                200,
                pages.fireList(
                    "In doubt and failed", path: "/trouble", list, parameters: [], isFirst: after == nil, upcoming: false, note: note))
        case ("GET", "/executors"):
            return html(200, pages.executors(try await source.executors(after: after, limit: n), isFirst: after == nil))
        case ("GET", "/fire"):
            let spec = try Self.required(request, "spec"), id = try Self.required(request, "id")
            guard let detail = try await source.fire(spec: spec, id: id) else {
                throw ConsoleRefusal(.notFound, "no fire '\(id)' of spec '\(spec)'")
            }
            return html(200, pages.fire(detail, note: note))
        case ("GET", "/timeline.svg"):
            return try await timeline(try Self.required(request, "spec"), now: now)
        case ("GET", "/login"):
            return html(
                200,
                pages.login(
                    message: viewer.actionsEnabled
                        ? nil : "This console is read-only: it was started without --token-file, or over a state directory."))
        case ("POST", "/login"), ("POST", "/logout"), ("POST", "/action"):
            return try await post(request, pages: pages, viewer: viewer)
        default:
            throw ConsoleRefusal(.notFound, "no page \(request.path)")
        }
    }

    private func timeline(_ spec: String, now: ConsoleMoment) async throws -> ConsoleResponse {
        guard let s = try await source.spec(spec), let window = s.window else {
            throw ConsoleRefusal(.notFound, "no plan for spec '\(spec)'")
        }
        let from = max(now, window.from),
            to = ConsoleMoment(microseconds: min(window.to.microseconds, from.microseconds + Self.timelineSpan * 1_000_000))
        guard from < to, var plan = try await source.timeline(spec: spec, from: from, to: to, limit: Self.timelineFires) else {
            throw ConsoleRefusal(.notFound, "the plan of spec '\(spec)' has ended")
        }
        var title = "\(spec): the next fires"
        if plan.fires.count >= Self.timelineFires, let last = plan.fires.last {
            // Cut where the fires drawn end, not where the window does: the rest would look empty.
            plan.window.to = last.at.adding(TimeSpan(seconds: 1))
            title = "\(spec): the next \(Self.timelineFires) fires"
        }
        let svg = try TimelineRenderer.svg(RenderInput(plan: plan, title: title))
        // An SVG shown through <img> runs no script whatever it holds; its own styles are inline.
        return ConsoleResponse(
            status: 200, contentType: "image/svg+xml",
            headers: [("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"), ("X-Content-Type-Options", "nosniff")],
            body: Array(svg.utf8))
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}
