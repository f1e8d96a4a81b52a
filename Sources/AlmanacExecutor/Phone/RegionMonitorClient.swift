import AlmanacPlan

/// What the phone adapter needs of Core Location's region monitoring (`CLLocationManager` on Apple
/// platforms, through `AlmanacApple`): the regions watched, start and stop. As with notifications,
/// a fake with the documented rules (`AlmanacPhoneTesting.FakeRegionMonitor`) runs the adapter
/// anywhere, and `RegionMonitorConformance` holds the fake and the real manager to the same rules.
public protocol RegionMonitorClient: Sendable {
    /// How many regions the app may watch, its own included (iOS: 20).
    var capacity: Int { get }
    /// The app's location authorization.
    func authorization() async -> LocationAuthorization
    /// Every region the app watches, Almanac's and its own ("the regions you add … are shared by all
    /// location manager objects in your app", and persist between launches).
    func monitoredRegions() async -> [MonitoredRegion]
    /// Starts watching `region`, replacing a watched region with the same identifier.
    func startMonitoring(_ region: MonitoredRegion) async throws
    /// Stops watching the region with this identifier.
    func stopMonitoring(identifier: String) async
}

/// A circular region as Core Location watches it.
public struct MonitoredRegion: Hashable, Sendable {
    public var identifier: String
    public var latitude: Double
    public var longitude: Double
    /// Metres.
    public var radius: Double
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

    public init(identifier: String, latitude: Double, longitude: Double, radius: Double, notifyOnEntry: Bool, notifyOnExit: Bool) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// Identifiers of Almanac's regions start with this; the app's own regions never do.
    public static let identifierPrefix = "almanac:"

    /// The region watched for a plan region; nil when its centre or radius is not a number.
    public init?(_ region: PlanRegion) {
        guard let latitude = Double(region.latitude), let longitude = Double(region.longitude), let radius = Double(region.radius)
        else { return nil }
        self.init(
            identifier: Self.identifierPrefix + region.trigger, latitude: latitude, longitude: longitude, radius: radius,
            notifyOnEntry: region.on != .exit, notifyOnExit: region.on != .enter)
    }

    /// The trigger of one of Almanac's regions; nil for the app's own.
    public var trigger: String? {
        identifier.hasPrefix(Self.identifierPrefix) ? String(identifier.dropFirst(Self.identifierPrefix.count)) : nil
    }
}

/// The app's location authorization: `CLAuthorizationStatus`, case for case. Region events reach an
/// app that is not running only with `authorizedAlways` ("if your app isn't running, the system
/// launches your app and delivers the event"); with `authorizedWhenInUse` only while it is in use.
public enum LocationAuthorization: String, Sendable, CaseIterable {
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse

    /// Whether regions may be watched at all.
    public var allowsMonitoring: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// Why Core Location would not watch a region.
public enum RegionMonitorError: Error, Equatable, Sendable {
    /// `CLError.Code.regionMonitoringFailure`: "monitoring can fail if the app exceeds the maximum
    /// number of regions that it can monitor simultaneously".
    case capacityExceeded
    /// Region monitoring is not available on this device (`isMonitoringAvailable(for:)`).
    case unavailable
}
