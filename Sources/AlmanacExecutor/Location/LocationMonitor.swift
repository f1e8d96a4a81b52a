import AlmanacPlan
import AlmanacRegistration
import AlmanacTime

/// The location half of the executor's loop: watches each region while one of its armed windows is
/// open (`monitor` when it opens, `unmonitor` when it closes, at most `max_regions` at once by
/// priority then plan order), follows the fixes of a `LocationFeed` through every region with
/// hysteresis, and fires a location trigger when the device crosses its region the way `on` asks,
/// while it is watched and not within `cooldown` of its last fire.
///
/// Fire ids are `trigger@<local time of the crossing in the trigger's zone>` (UTC when it has none).
/// Each fire is journaled before the backend hears of it, as plan fires are, so a replayed track
/// does not fire twice. A fix read more than `grace` seconds after its time is stale: it moves the
/// state but fires nothing.
public final class LocationMonitor {
    private let feed: LocationFeed
    private let grace: Double
    private let log: (String) -> Void
    private var plan = Plan(
        spec: SpecInfo(name: "", sha256: ""),
        window: Window(
            from: Instant(secondsSinceEpoch: 0),
            to: Instant(secondsSinceEpoch: 0)), tzdata: "", limits: PlanLimits())
    /// Every armed window's start and end, sorted and unique.
    private var boundaries: [Int64] = []
    private var monitored: Set<String> = []
    /// The refresh region being watched, when more regions are armed than the budget.
    private var refresh: PlanRegion?
    /// The last fix: where the device is, for choosing the nearest regions.
    public private(set) var position: LocationFix?
    /// Everything up to this instant has been applied.
    private var processedThrough = Int64.min
    private var trackers: [String: LocationTracker] = [:]
    private var lastFire: [String: Int64] = [:]
    private var tables: [String: OffsetTable] = [:]
    /// Location fires delivered so far.
    public private(set) var fired = 0

    public init(feed: LocationFeed, grace: Double = 60, log: @escaping (String) -> Void = { _ in }) {
        self.feed = feed
        self.grace = grace
        self.log = log
    }

    /// After a reconcile at `now` registered `regions` (the backend forgot every other one).
    func reset(plan: Plan, monitored regions: [PlanRegion], now: Instant) {
        // The same regions as before (the common case: a reconcile without a reload) keep their edges.
        if plan.regions != self.plan.regions || boundaries.isEmpty {
            boundaries = Array(Set(plan.regions.flatMap { $0.armed.flatMap { [$0.from.secondsSinceEpoch, $0.to.secondsSinceEpoch] } }))
                .sorted()
        }
        self.plan = plan
        monitored = Set(regions.map(\.trigger)).subtracting([RegionChoice.refreshRegionName])
        refresh = regions.first { $0.trigger == RegionChoice.refreshRegionName }
        processedThrough = max(processedThrough, now.secondsSinceEpoch)
        var kept: [String: LocationTracker] = [:]
        for region in plan.regions {
            guard let fresh = LocationTracker(region) else {
                log("region of '\(region.trigger)' has an unusable centre or radius; it never fires")
                continue
            }
            // A moved or resized region starts over; an unchanged one keeps what it knows.
            if let old = trackers[region.trigger], old.latitude == fresh.latitude, old.longitude == fresh.longitude,
                old.radius == fresh.radius
            {
                kept[region.trigger] = old
            } else {
                kept[region.trigger] = fresh
            }
        }
        trackers = kept
        tables = [:]
    }

    /// The index of the first window edge after `seconds`.
    private func firstBoundary(after seconds: Int64) -> Int {
        var low = 0, high = boundaries.count
        while low < high {
            let mid = (low + high) / 2
            if boundaries[mid] <= seconds { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The next instant something happens: an armed window opens or closes, or a fix is due.
    func nextDeadline() -> Instant? {
        let low = firstBoundary(after: processedThrough)
        let boundary = low < boundaries.count ? Instant(secondsSinceEpoch: boundaries[low]) : nil
        return [boundary, feed.nextTime].compactMap { $0 }.min()
    }

    /// Applies, in time order, every window boundary and fix up to `nowSeconds`; at one instant,
    /// boundaries come first (windows are half-open), then fixes in input order.
    func advance(to nowSeconds: Double, backend: any Backend, journal: Journal) throws {
        let now = Int64(nowSeconds.rounded(.down))
        let fixes = feed.take(through: Instant(secondsSinceEpoch: now))
        var nextFix = 0
        var boundary = firstBoundary(after: processedThrough)
        while true {
            let pendingBoundary = boundary < boundaries.count && boundaries[boundary] <= now ? boundaries[boundary] : nil
            if let at = pendingBoundary, nextFix == fixes.count || at <= fixes[nextFix].at.secondsSinceEpoch {
                try rearm(at: Instant(secondsSinceEpoch: at), backend: backend)
                boundary += 1
            } else if nextFix < fixes.count {
                try apply(fixes[nextFix], nowSeconds: nowSeconds, backend: backend, journal: journal)
                nextFix += 1
            } else {
                break
            }
        }
        processedThrough = max(processedThrough, now)
    }

    /// Watches the regions armed at `instant` (the nearest, when too many are) and no others.
    private func rearm(at instant: Instant, backend: any Backend) throws {
        let chosen = RegionChoice.activeRegions(in: plan, at: instant, position: position)
        let newRefresh = chosen.first { $0.trigger == RegionChoice.refreshRegionName }
        let active = Set(chosen.map(\.trigger))
        // Everything that goes is unwatched before anything new is watched: never over the budget.
        if let refresh, refresh != newRefresh { try backend.unmonitor(refresh) }
        for region in plan.regions where monitored.contains(region.trigger) && !active.contains(region.trigger) {
            try backend.unmonitor(region)
            monitored.remove(region.trigger)
        }
        for region in plan.regions where active.contains(region.trigger) && !monitored.contains(region.trigger) {
            try backend.monitor(region)
            monitored.insert(region.trigger)
        }
        if let newRefresh, newRefresh != refresh { try backend.monitor(newRefresh) }
        refresh = newRefresh
    }

    private func apply(_ fix: LocationFix, nowSeconds: Double, backend: any Backend, journal: Journal) throws {
        let active = monitored
        for region in plan.regions {
            guard var tracker = trackers[region.trigger] else { continue }
            let crossing = tracker.update(with: fix)
            trackers[region.trigger] = tracker
            guard let event = crossing, region.on == .both || region.on == event, active.contains(region.trigger) else { continue }
            let at = fix.at.secondsSinceEpoch
            if nowSeconds - Double(at) > grace {
                log("\(event) of '\(region.trigger)' at \(fix.at) (line \(fix.line)) not fired: the fix is stale")
                continue
            }
            if let last = lastFire[region.trigger], let cooldown = region.cooldown, at - last < cooldown {
                log("\(event) of '\(region.trigger)' at \(fix.at) not fired: within the \(cooldown) s cooldown")
                continue
            }
            let fire = Self.crossingFire(trigger: region.trigger, at: fix.at, table: table(for: region.trigger))
            if journal.isDone(fire.id) {
                log("\(event) of '\(region.trigger)' at \(fix.at) not fired: \(fire.id) was delivered already")
                continue
            }
            try journal.append(
                .fire(id: fire.id, trigger: fire.trigger, at: fire.at, now: Instant(secondsSinceEpoch: Int64(nowSeconds.rounded(.down)))))
            lastFire[region.trigger] = at
            fired += 1
            log("fire \(fire.id) (\(event))")
            do {
                try backend.fire(fire, event: event, trigger: plan.triggers[region.trigger] ?? PlanTrigger(kind: "location"))
            } catch {
                log("fire \(fire.id) failed: \(error)")
            }
        }
        try followPosition(fix, backend: backend)
    }

    /// The device moved to `fix`: leaving the refresh region (or a first position while too many
    /// regions are armed) chooses the nearest regions again, as an app does on the refresh
    /// region's exit.
    private func followPosition(_ fix: LocationFix, backend: any Backend) throws {
        let first = position == nil
        position = fix
        if let refresh, let tracker = LocationTracker(refresh) {
            guard fix.distance(toLatitude: tracker.latitude, longitude: tracker.longitude) > tracker.radius else { return }
        } else if !first || plan.regions.filter({ RegionChoice.isArmed($0, at: fix.at) }).count <= plan.limits.maxRegions {
            return
        }
        try rearm(at: fix.at, backend: backend)
    }

    /// The fire of a crossing of `trigger`'s region at `instant`: its id is the trigger and the local
    /// time of the crossing in the trigger's zone (`table`), as for every location fire.
    static func crossingFire(trigger: String, at instant: Instant, table: OffsetTable) -> Fire {
        let offset = table.offset(at: instant)
        let local = LocalDateTime(wallSeconds: instant.secondsSinceEpoch + Int64(offset))
        return Fire(at: instant, trigger: trigger, local: local, offset: offset, id: "\(trigger)@\(local)")
    }

    /// The offsets of the trigger's zone over the plan's window (UTC for a zone-less trigger).
    private func table(for trigger: String) -> OffsetTable {
        let zone = plan.triggers[trigger]?.timezone ?? "UTC"
        if let table = tables[zone] { return table }
        let table =
            OffsetTable(zone: zone, covering: plan.window.from, to: plan.window.to)
            ?? {
                log("unknown time zone '\(zone)' of '\(trigger)'; its fire ids use UTC")
                return OffsetTable(identifier: "UTC", initialOffset: 0, changes: [])
            }()
        tables[zone] = table
        return table
    }
}
