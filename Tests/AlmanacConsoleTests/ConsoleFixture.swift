import AlmanacConsole
import AlmanacEscaping
import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import Foundation

/// A source with fixed facts (hostile names among them) that records the actions performed: the
/// console's own rules (escaping, headers, tokens, CSRF, pagination) tested without a store. The
/// store's side is tested against a real PostgreSQL in AlmanacPostgresTests.
final class FixedSource: ConsoleSource, @unchecked Sendable {
    static let hostileSpec = "team\"<b>x</b>'&\u{202E}evil"
    static let hostileTrigger = "<script>alert(1)</script>"
    static let hostileFire = "<img src=x onerror=alert(1)>@2026-11-23T09:00:00"
    static let hostilePayload: JSONValue = .object(["title": .string("</pre><script>alert('p')</script>\u{202E}"), "q": .string("\"'")])
    static let now = ConsoleMoment(Instant(secondsSinceEpoch: 1_764_000_000))

    let lock = NSLock()
    var performed: [(ConsoleAction, String)] = []
    var acceptsActions = true

    var fires: [ConsoleFire] {
        (0..<7).map { (i: Int) -> ConsoleFire in
            let due = ConsoleMoment(Instant(secondsSinceEpoch: 1_764_000_000 + Int64(i) * 60))
            var fire = ConsoleFire(
                spec: Self.hostileSpec, id: "t@\(i)", trigger: Self.hostileTrigger, due: due, state: "pending", zone: "America/New_York")
            if i == 0 { fire.id = Self.hostileFire }
            if i == 1 {
                fire.state = "in_doubt"
                fire.attempt = 1
                fire.executor = "host<1>:42"
                fire.outcome = "in doubt: <b>gone</b>"
            }
            return fire
        }
    }

    func now() async throws -> ConsoleMoment { Self.now }

    func specs(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleSpec> {
        ConsoleList(items: [try await spec(Self.hostileSpec)!])
    }

    func spec(_ id: String) async throws -> ConsoleSpec? {
        guard id == Self.hostileSpec else { return nil }
        return ConsoleSpec(
            id: id, name: id, revision: 3, sha256: String(repeating: "a", count: 64),
            window: (Self.now, ConsoleMoment(Instant(secondsSinceEpoch: 1_764_000_000 + 86_400 * 3))), zone: "America/New_York",
            published: ("deploy (<i>me</i>@host)", Self.now), states: ["pending": 6, "in_doubt": 1],
            triggers: [ConsoleTrigger(id: Self.hostileTrigger, kind: "every", payload: Self.hostilePayload)])
    }

    func upcoming(spec: String?, trigger: String?, after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        let all = fires.filter { $0.state == "pending" }
        let start = after.flatMap { $0.integer(0) }.map(Int.init) ?? 0
        let rows = Array(all.dropFirst(start).prefix(limit + 1))
        var list = ConsoleList(items: Array(rows.prefix(limit)))
        if rows.count > limit { list.next = ConsoleCursor([String(start + limit)]) }
        return list
    }

    func recent(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> { ConsoleList(items: [fires[1]]) }
    func trouble(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> { ConsoleList(items: [fires[1]]) }

    func executors(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleExecutor> {
        ConsoleList(items: [
            ConsoleExecutor(id: "host<1>:42", condition: "lost", lastSeen: Self.now, secondsSinceSeen: 95, specs: Self.hostileSpec)
        ])
    }

    func fire(spec: String, id: String) async throws -> ConsoleFireDetail? {
        guard spec == Self.hostileSpec, let f = fires.first(where: { $0.id == id }) else { return nil }
        return ConsoleFireDetail(
            fire: f, planSHA256: "abc", planned: f.due, payload: Self.hostilePayload,
            history: [ConsoleEvent(at: Self.now, event: "started", attempt: 1, actor: "host<1>:42", detail: "<u>x</u>")])
    }

    func timeline(spec: String, from: ConsoleMoment, to: ConsoleMoment, limit: Int) async throws -> Plan? {
        let fires = self.fires.map { f in
            Fire(
                at: f.due.instant, trigger: f.trigger, local: LocalDateTime(wallSeconds: f.due.instant.secondsSinceEpoch), offset: 0,
                id: f.id)
        }
        return Plan(
            spec: SpecInfo(name: spec, sha256: nil), window: Window(from: from.instant, to: to.instant), tzdata: "",
            limits: PlanLimits(maxPending: Int.max), triggers: [Self.hostileTrigger: PlanTrigger(kind: "every")], fires: fires)
    }

    func perform(_ action: ConsoleAction, by operatorName: String) async throws -> String {
        lock.withLock { performed.append((action, operatorName)) }
        if action.target == "refuse-me" { throw ConsoleRefusal(.conflict, "fire '<b>refuse-me</b>' is done now") }
        return "done"
    }
}

/// A console over a `FixedSource`, and requests as a browser sends them.
struct ConsoleFixture {
    static let token = "s3cret-token-of-alice"
    let source = FixedSource()
    let console: Console

    init(operators: Bool = true) {
        let counter = Counter()
        console = Console(
            source: source, operators: operators ? ConsoleOperators(operators: [.init(name: "alice", token: Self.token)]) : nil,
            sessions: ConsoleSessions(random: { "secret-\(counter.next())-0123456789abcdef" }))
    }

    func get(_ path: String, query: String = "", cookies: String? = nil) async -> ConsoleResponse {
        await console.respond(ConsoleRequest(method: "GET", path: path, query: query, headers: cookies.map { ["cookie": $0] } ?? [:]))
    }

    func post(_ path: String, form: [(String, String)], cookies: String?, headers: [String: String] = [:]) async -> ConsoleResponse {
        var h = headers
        if let cookies { h["cookie"] = cookies }
        h["content-type"] = "application/x-www-form-urlencoded"
        let body = form.map { "\($0.0)=\(URLText.component($0.1))" }.joined(separator: "&")
        return await console.respond(ConsoleRequest(method: "POST", path: path, headers: h, body: Array(body.utf8)))
    }

    /// The value a response sets for cookie `name`.
    static func cookie(_ response: ConsoleResponse, _ name: String) -> String? {
        for (header, value) in response.headers where header == "Set-Cookie" && value.hasPrefix(name + "=") {
            return String(value.dropFirst(name.count + 1).prefix { $0 != ";" })
        }
        return nil
    }

    /// Signs alice in; returns the cookie header a browser would then send.
    func signIn() async -> String {
        let page = await get("/login")
        let csrf = Self.cookie(page, "almanac_csrf")!
        let signed = await post("/login", form: [("csrf", csrf), ("token", Self.token)], cookies: "almanac_csrf=\(csrf)")
        let session = Self.cookie(signed, "almanac_session")!
        return "almanac_csrf=\(csrf); almanac_session=\(session)"
    }
}

/// Secrets that are distinct and predictable, for tests.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
