import AlmanacPlan
import AlmanacTime

/// The phone adapter: a `PendingBackend` over a notification centre, so `Reconciler.Strategy.diff`
/// keeps the phone's pending notifications equal to the registration without a moment when none
/// is pending, within the centre's capacity.
///
/// The centre's rules it works with: a request with a known identifier replaces it (a moved fire is
/// added again under its id); past the capacity the centre keeps the soonest (so the reconciler
/// removes a stale request before each add that would overflow); removals apply asynchronously (so
/// ids this adapter removed are not taken for pending until the centre stops listing them); a date
/// not in the future is refused (so fires due by now are skipped: they are due, not pending).
/// Requests the app made itself (without an Almanac signature) are left alone.
public final class NotificationCenterBackend: PendingBackend {
    private let center: any NotificationCenterClient
    private let now: () -> Instant
    /// Ids removed by this adapter that the centre may still list.
    private var removing: Set<String> = []

    /// `now` is the device's clock (`{ Instant(Date()) }` in an app); fires at or before it are not added.
    public init(center: any NotificationCenterClient, now: @escaping () -> Instant) {
        self.center = center
        self.now = now
    }

    public var capacity: Int? { center.capacity }

    public func pending() throws -> [PendingFire] {
        let listed = try center.pendingRequests().filter { !$0.signature.isEmpty }
        // A removal the centre no longer lists has been applied.
        removing.formIntersection(listed.map(\.identifier))
        return listed.filter { !removing.contains($0.identifier) }.map { PendingFire(id: $0.identifier, signature: $0.signature) }
    }

    public func add(_ fire: Fire, trigger: PlanTrigger) throws {
        guard fire.at > now() else { return }
        removing.remove(fire.id)
        do {
            try center.add(NotificationRequest(fire, trigger: trigger))
        } catch NotificationCenterError.dateInThePast {
            // It came due between the check and the add: due, not pending.
        }
    }

    public func remove(_ ids: [String]) throws {
        removing.formUnion(ids)
        center.removePendingRequests(withIdentifiers: ids)
    }

    /// Removes every request this adapter made.
    public func cancelAll() throws {
        let ids = try center.pendingRequests().filter { !$0.signature.isEmpty }.map(\.identifier)
        if !ids.isEmpty { try remove(ids) }
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) throws { try add(fire, trigger: trigger) }

    /// The centre delivers registered fires itself.
    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {}

    /// Region monitoring belongs to Core Location's monitor, which apps own; not adapted here.
    public func monitor(_ region: PlanRegion) throws {}
    public func unmonitor(_ region: PlanRegion) throws {}
}
