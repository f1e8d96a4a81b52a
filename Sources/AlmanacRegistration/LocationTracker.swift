import AlmanacPlan

/// Whether the device is inside one region, decided with hysteresis so that fixes jittering on the
/// boundary do not flap: inside once closer than `radius − margin`, outside once farther than
/// `radius + margin`, unchanged in between. The margin is the fix's accuracy, at least
/// `minimumMargin`, at most half the radius (so a region can always be entered).
package struct LocationTracker {
    package enum State: Equatable { case unknown, inside, outside }

    /// Metres: the band a fix must cross beyond the boundary when its accuracy is better than this.
    package static let minimumMargin = 10.0

    package let latitude: Double
    package let longitude: Double
    package let radius: Double
    package private(set) var state = State.unknown

    package init?(_ region: PlanRegion) {
        guard let latitude = Double(region.latitude), let longitude = Double(region.longitude),
            let radius = Double(region.radius), radius > 0
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }

    /// The band half-width for a fix of this accuracy.
    package func margin(accuracy: Double?) -> Double {
        min(max(accuracy ?? 0, Self.minimumMargin), radius / 2)
    }

    /// Moves the state with `fix`; returns `.enter` or `.exit` on a crossing. The first decided
    /// state is no crossing: a device already inside when watching begins has not arrived.
    package mutating func update(with fix: LocationFix) -> PlanRegion.Event? {
        let distance = fix.distance(toLatitude: latitude, longitude: longitude)
        let margin = margin(accuracy: fix.accuracy)
        let next: State
        if distance < radius - margin {
            next = .inside
        } else if distance > radius + margin {
            next = .outside
        } else {
            return nil
        }
        defer { state = next }
        switch (state, next) {
        case (.outside, .inside): return .enter
        case (.inside, .outside): return .exit
        default: return nil
        }
    }
}
