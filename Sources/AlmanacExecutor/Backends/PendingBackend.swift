import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration

/// A backend that can say what it holds and change it one request at a time — a phone's
/// notification centre — so that a reconcile can replace what changed without a moment when
/// nothing is scheduled (`Reconciler.Strategy.diff`).
public protocol PendingBackend: Backend {
    /// The fires registered now, each with the signature it was added with.
    func pending() throws -> [PendingFire]
    /// Registers `fire`, replacing a pending request with the same id.
    func add(_ fire: Fire, trigger: PlanTrigger) throws
    /// Removes the pending requests with these ids.
    func remove(_ ids: [String]) throws
    /// At most this many requests are kept (past it the backend keeps the soonest); nil: no limit.
    var capacity: Int? { get }
    /// The regions watched now (their `armed` windows empty: a device knows only the region), so a
    /// diff reconcile stops watching those no longer wanted instead of piling up new ones.
    func monitoredRegions() throws -> [PlanRegion]
}

extension PendingBackend {
    public var capacity: Int? { nil }
}

/// A registered fire as a backend holds it: its id, and a signature that changes when anything a
/// registration carries changes (the instant, the trigger's payload).
public struct PendingFire: Hashable, Sendable {
    public var id: String
    public var signature: String

    public init(id: String, signature: String) {
        self.id = id
        self.signature = signature
    }

    /// `fire` as registered with `trigger`'s payload.
    public init(_ fire: Fire, trigger: PlanTrigger) {
        self.init(id: fire.id, signature: PendingFire.signature(at: "\(fire.at)", payload: FireDescription.payload(trigger)))
    }

    /// The instant and the payload's canonical JSON: what a pending request shows of a fire.
    public static func signature(at: String, payload: String) -> String { at + " " + payload }
}
