#if canImport(CoreLocation) && (os(iOS) || os(macOS) || ALMANAC_APPLE_STUBS)
import AlmanacExecutor
import CoreLocation

/// Core Location's region monitoring as a `RegionMonitorClient`: the only code that touches
/// `CLLocationManager` for the adapter. The app owns the manager (made on the main thread, whose run
/// loop delivers its delegate's calls) and its delegate: on `locationManager(_:didEnterRegion:)` and
/// `…didExitRegion:` it hands the region's identifier to `PhoneReconciler.crossing(_:event:at:plan:)`.
///
/// The app declares `NSLocationWhenInUseUsageDescription` and
/// `NSLocationAlwaysAndWhenInUseUsageDescription` in its Info.plist and asks for Always
/// authorization (`requestAlwaysAuthorization()`): only then does the system launch a suspended or
/// terminated app to deliver a crossing.
public final class CoreLocationRegions: RegionMonitorClient, @unchecked Sendable {
    // Only this reference is stored, never changed.
    private let manager: CLLocationManager

    public init(manager: CLLocationManager) { self.manager = manager }

    /// "Core Location limits to 20 the number of regions that may be simultaneously monitored by a
    /// single app."
    public var capacity: Int { 20 }

    public func authorization() async -> LocationAuthorization {
        switch manager.authorizationStatus {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorizedAlways: return .authorizedAlways
        case .authorizedWhenInUse: return .authorizedWhenInUse
        @unknown default: return .denied
        }
    }

    public func monitoredRegions() async -> [MonitoredRegion] {
        manager.monitoredRegions.compactMap { region in
            guard let circle = region as? CLCircularRegion else { return nil }
            return MonitoredRegion(
                identifier: circle.identifier, latitude: circle.center.latitude, longitude: circle.center.longitude,
                radius: circle.radius, notifyOnEntry: circle.notifyOnEntry, notifyOnExit: circle.notifyOnExit)
        }
    }

    public func startMonitoring(_ region: MonitoredRegion) async throws {
        guard CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) else { throw RegionMonitorError.unavailable }
        // Past 20 the manager reports `regionMonitoringFailure` to the delegate later; refuse now instead.
        let watched = manager.monitoredRegions
        if watched.count >= capacity && !watched.contains(where: { $0.identifier == region.identifier }) {
            throw RegionMonitorError.capacityExceeded
        }
        let circle = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: region.latitude, longitude: region.longitude),
            radius: min(region.radius, manager.maximumRegionMonitoringDistance), identifier: region.identifier)
        circle.notifyOnEntry = region.notifyOnEntry
        circle.notifyOnExit = region.notifyOnExit
        manager.startMonitoring(for: circle)
    }

    public func stopMonitoring(identifier: String) async {
        for region in manager.monitoredRegions where region.identifier == identifier { manager.stopMonitoring(for: region) }
    }
}
#endif
