import AlmanacPlan

/// Where the console reads its facts and performs its actions: the shared PostgreSQL store
/// (`ClusterStore`'s console source), or a state directory (read-only). Every list is one page,
/// at most `limit` rows after `after`.
public protocol ConsoleSource: Sendable {
    /// Whether actions can be performed at all (a state directory is read by the console, never written).
    var acceptsActions: Bool { get }
    /// What the store answers as "now" (the database's clock for the shared store).
    func now() async throws -> ConsoleMoment
    /// Specs by id.
    func specs(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleSpec>
    func spec(_ id: String) async throws -> ConsoleSpec?
    /// Fires not yet settled (pending, claimed, started), in due order; of one spec and trigger when given.
    func upcoming(spec: String?, trigger: String?, after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire>
    /// Settled fires, the last finished first.
    func recent(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire>
    /// In-doubt and failed fires, the last finished first.
    func trouble(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire>
    func executors(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleExecutor>
    func fire(spec: String, id: String) async throws -> ConsoleFireDetail?
    /// The spec's current plan header with its pending fires in `[from, to)` (at most `limit`): what
    /// the timeline draws.
    func timeline(spec: String, from: ConsoleMoment, to: ConsoleMoment, limit: Int) async throws -> Plan?
    /// Performs `action` for `operator`; returns what happened in a sentence, or throws `ConsoleRefusal`.
    func perform(_ action: ConsoleAction, by operator: String) async throws -> String
}

/// Why an action was not performed, in words for the operator: the fire is no longer in a state
/// the action applies to, the trigger is unknown, the console is read-only.
public struct ConsoleRefusal: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Nothing of that name (404).
        case notFound
        /// The state does not allow it now (409).
        case conflict
        /// This console cannot act (403).
        case readOnly
        /// The request is malformed: a cursor or parameter this console did not write (400).
        case invalid
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
