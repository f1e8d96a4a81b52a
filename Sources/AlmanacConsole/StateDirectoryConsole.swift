import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// The console over a state directory (`serve --state DIR`), read-only: what the last reconcile
/// registered (`registered.json`) and the journal's last deliveries, read afresh at each request
/// without a lock, creating or repairing nothing. A file store has one daemon and keeps no attempts,
/// executors or in-doubt fires: those lists are empty, and actions are refused.
public struct StateDirectoryConsole: ConsoleSource {
    public let directory: String
    /// The executable's clock (a library reads none).
    let clock: @Sendable () -> ConsoleMoment

    public init(directory: String, clock: @escaping @Sendable () -> ConsoleMoment) {
        self.directory = directory
        self.clock = clock
    }

    public var acceptsActions: Bool { false }
    public func now() async throws -> ConsoleMoment { clock() }

    struct Snapshot {
        var name: String
        var sha256: String?
        var registeredAt: ConsoleMoment?
        var refreshBy: ConsoleMoment?
        var pending: [ConsoleFire]
        /// Newest first.
        var delivered: [ConsoleFire]
    }

    func read() throws -> Snapshot {
        let journal = try Journal.readOnly(directory: directory)
        let record = try RegistrationRecord.read(directory: directory)
        let name = record?["spec"]?["name"]?.stringValue ?? "(nothing registered)"
        func moment(_ text: String?) -> ConsoleMoment? { text.flatMap { PlanTimestamp.parseInstant($0) }.map { ConsoleMoment($0) } }
        let pending = (record?["fires"]?.arrayValue ?? []).compactMap { fire -> ConsoleFire? in
            guard let id = fire["id"]?.stringValue, let at = moment(fire["at"]?.stringValue) else { return nil }
            guard !journal.isDone(id, at: at.instant) else { return nil }
            return ConsoleFire(spec: name, id: id, trigger: fire["trigger"]?.stringValue ?? "", due: at, state: "pending")
        }
        let delivered = journal.recentDeliveries(Journal.recentLimit).reversed().compactMap { entry -> ConsoleFire? in
            switch entry {
            case .fire(let id, let trigger, let at, let now):
                return ConsoleFire(
                    spec: name, id: id, trigger: trigger, due: ConsoleMoment(at), state: "done", attempt: 1,
                    lateness: Double(now.secondsSinceEpoch - at.secondsSinceEpoch), finished: ConsoleMoment(now), outcome: "delivered")
            case .skip(let id, let trigger, let at, let now, let reason):
                return ConsoleFire(
                    spec: name, id: id, trigger: trigger, due: ConsoleMoment(at), state: "skipped", finished: ConsoleMoment(now),
                    outcome: reason)
            default: return nil
            }
        }
        return Snapshot(
            name: name, sha256: record?["spec"]?["sha256"]?.stringValue, registeredAt: moment(record?["now"]?.stringValue),
            refreshBy: moment(record?["refresh_by"]?.stringValue), pending: pending, delivered: delivered)
    }

    func consoleSpec(_ s: Snapshot) -> ConsoleSpec {
        var states: [String: Int] = [:]
        if !s.pending.isEmpty { states["pending"] = s.pending.count }
        for f in s.delivered { states[f.state, default: 0] += 1 }
        let triggers = Set(s.pending.map(\.trigger)).union(s.delivered.map(\.trigger)).sorted()
        return ConsoleSpec(
            id: s.name, name: s.name, sha256: s.sha256, window: s.registeredAt.flatMap { from in s.refreshBy.map { (from: from, to: $0) } },
            states: states, nextDue: s.pending.first?.due, triggers: triggers.map { ConsoleTrigger(id: $0, kind: "") })
    }

    /// `items` from the offset a cursor names (`[offset]`).
    static func page<T>(_ items: [T], after: ConsoleCursor?, limit: Int) -> ConsoleList<T> {
        let start = after.flatMap { $0.integer(0) }.map { Int(clamping: $0) } ?? 0
        let rows = Array(items.dropFirst(max(0, start)).prefix(limit + 1))
        var list = ConsoleList(items: Array(rows.prefix(limit)))
        if rows.count > limit { list.next = ConsoleCursor([String(start + limit)]) }
        return list
    }

    public func specs(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleSpec> {
        Self.page([consoleSpec(try read())], after: after, limit: limit)
    }
    public func spec(_ id: String) async throws -> ConsoleSpec? {
        let s = try read()
        return s.name == id ? consoleSpec(s) : nil
    }
    public func upcoming(spec: String?, trigger: String?, after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        let fires = try read().pending.filter { (spec == nil || $0.spec == spec) && (trigger == nil || $0.trigger == trigger) }
        return Self.page(fires, after: after, limit: limit)
    }
    public func recent(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        Self.page(try read().delivered, after: after, limit: limit)
    }
    public func trouble(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> { ConsoleList(items: []) }
    public func executors(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleExecutor> { ConsoleList(items: []) }
    public func fire(spec: String, id: String) async throws -> ConsoleFireDetail? {
        let s = try read()
        guard spec == s.name, let fire = (s.pending + s.delivered).first(where: { $0.id == id }) else { return nil }
        let history =
            fire.finished.map {
                [ConsoleEvent(at: $0, event: fire.state == "done" ? "delivered" : "skipped", attempt: fire.attempt, detail: fire.outcome)]
            } ?? []
        return ConsoleFireDetail(fire: fire, planSHA256: s.sha256, planned: fire.due, payload: .null, history: history)
    }
    public func timeline(spec: String, from: ConsoleMoment, to: ConsoleMoment, limit: Int) async throws -> Plan? {
        let s = try read()
        guard spec == s.name else { return nil }
        let fires = s.pending.filter { $0.due >= from && $0.due < to }.prefix(limit).map {
            Fire(
                at: $0.due.instant, trigger: $0.trigger, local: LocalDateTime(wallSeconds: $0.due.instant.secondsSinceEpoch), offset: 0,
                id: $0.id)
        }
        var triggers: [String: PlanTrigger] = [:]
        for f in fires { triggers[f.trigger] = PlanTrigger(kind: "?") }
        return Plan(
            spec: SpecInfo(name: s.name, sha256: s.sha256), window: Window(from: from.instant, to: to.instant), tzdata: "",
            limits: PlanLimits(maxPending: Int.max), triggers: triggers,
            fires: fires.sorted { ($0.at, $0.trigger, $0.id) < ($1.at, $1.trigger, $1.id) })
    }
    public func perform(_ action: ConsoleAction, by operatorName: String) async throws -> String {
        throw ConsoleRefusal(.readOnly, "a state directory is read-only in the console: actions need a shared store (--store)")
    }
}
