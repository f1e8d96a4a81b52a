import AlmanacExecutor

/// Core Location's region monitoring in memory, with the rules Apple documents for
/// `CLLocationManager` (cited where kept); `RegionMonitorConformance` holds it and the real manager
/// to the same rules.
public actor FakeRegionMonitor: RegionMonitorClient {
    /// "Core Location limits to 20 the number of regions that may be simultaneously monitored by a
    /// single app" (Location and Maps Programming Guide, Region Monitoring).
    public nonisolated let capacity: Int
    private var status: LocationAuthorization
    private var regions: [String: MonitoredRegion] = [:]
    /// The most regions watched at once, and every start refused for the capacity.
    public private(set) var peak = 0
    public private(set) var refused: [String] = []
    /// Every start and stop, in order: `+id` or `-id`.
    public private(set) var calls: [String] = []

    public init(authorization: LocationAuthorization = .authorizedAlways, capacity: Int = 20) {
        self.status = authorization
        self.capacity = capacity
    }

    public func authorization() async -> LocationAuthorization { status }

    /// "The regions you add … are shared by all location manager objects in your app and stored in
    /// the monitoredRegions property" (startMonitoring(for:)).
    public func monitoredRegions() async -> [MonitoredRegion] {
        regions.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { regions[$0]! }
    }

    /// "If an existing region with the same identifier is already being monitored by the app, the old
    /// region is replaced by the new one" (startMonitoring(for:)); past the limit monitoring fails
    /// (`CLError.Code.regionMonitoringFailure`: "if the app exceeds the maximum number of regions that
    /// it can monitor simultaneously").
    public func startMonitoring(_ region: MonitoredRegion) async throws {
        calls.append("+" + region.identifier)
        if regions[region.identifier] == nil && regions.count >= capacity {
            refused.append(region.identifier)
            throw RegionMonitorError.capacityExceeded
        }
        regions[region.identifier] = region
        peak = max(peak, regions.count)
    }

    public func stopMonitoring(identifier: String) async {
        calls.append("-" + identifier)
        regions.removeValue(forKey: identifier)
    }

    /// The user changes the app's location setting.
    public func setAuthorization(_ authorization: LocationAuthorization) { status = authorization }
}
