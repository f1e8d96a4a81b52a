import AlmanacConsole
import AlmanacPlan

/// The console over the shared store: every fact read with the database's clock, every action
/// performed under the delivery's row locks (`ClusterStore+Actions.swift`).
public struct StoreConsole: ConsoleSource {
    public let store: ClusterStore

    public init(store: ClusterStore) { self.store = store }

    public var acceptsActions: Bool { true }
    public func now() async throws -> ConsoleMoment { try await store.consoleNow() }
    public func specs(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleSpec> {
        try await store.consoleSpecs(after: after, limit: limit)
    }
    public func spec(_ id: String) async throws -> ConsoleSpec? { try await store.consoleSpec(id) }
    public func upcoming(spec: String?, trigger: String?, after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        try await store.consoleUpcoming(spec: spec, trigger: trigger, after: after, limit: limit)
    }
    public func recent(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        try await store.consoleSettled(trouble: false, after: after, limit: limit)
    }
    public func trouble(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        try await store.consoleSettled(trouble: true, after: after, limit: limit)
    }
    public func executors(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleExecutor> {
        try await store.consoleExecutors(after: after, limit: limit)
    }
    public func fire(spec: String, id: String) async throws -> ConsoleFireDetail? { try await store.consoleFire(spec: spec, id: id) }
    public func timeline(spec: String, from: ConsoleMoment, to: ConsoleMoment, limit: Int) async throws -> Plan? {
        try await store.consoleTimeline(spec: spec, from: from, to: to, limit: limit)
    }
    public func perform(_ action: ConsoleAction, by operatorName: String) async throws -> String {
        try await store.perform(action, by: operatorName)
    }
}
