// Declarations of the Core Location API that Sources/AlmanacApple uses, written from Apple's documented
// Swift declarations (developer.apple.com/documentation/corelocation, the iOS 18 SDK), so that
// scripts/ci/apple-layer.sh can type-check the Apple layer on Linux. Never shipped, never run: every
// body traps. Only what AlmanacApple calls is declared; names, labels, types and optionality follow the
// SDK. Not checked here: availability and deprecation (startMonitoring(for:) is deprecated in iOS 17
// in favour of CLMonitor), and the thread a manager's delegate is called on.
@_exported import Foundation

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double

public struct CLLocationCoordinate2D: @unchecked Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { (latitude, longitude) = (0, 0) }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) { (self.latitude, self.longitude) = (latitude, longitude) }
}

public enum CLAuthorizationStatus: Int32, @unchecked Sendable {
    case notDetermined = 0, restricted = 1, denied = 2, authorizedAlways = 3, authorizedWhenInUse = 4
}

open class CLRegion: NSObject {
    open var identifier: String { fatalError() }
    open var notifyOnEntry: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var notifyOnExit: Bool {
        get { fatalError() }
        set { fatalError() }
    }
}

open class CLCircularRegion: CLRegion {
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) { fatalError() }
    open var center: CLLocationCoordinate2D { fatalError() }
    open var radius: CLLocationDistance { fatalError() }
}

open class CLLocationManager: NSObject {
    open var authorizationStatus: CLAuthorizationStatus { fatalError() }
    open var monitoredRegions: Set<CLRegion> { fatalError() }
    open var maximumRegionMonitoringDistance: CLLocationDistance { fatalError() }
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { fatalError() }
    open func requestAlwaysAuthorization() { fatalError() }
    open func startMonitoring(for region: CLRegion) { fatalError() }
    open func stopMonitoring(for region: CLRegion) { fatalError() }
}
