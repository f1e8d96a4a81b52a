import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One position report: where the device was, when, and how sure it was.
public struct LocationFix: Sendable, Equatable {
    public var at: Instant
    /// Degrees, −90…90.
    public var latitude: Double
    /// Degrees, −180…180.
    public var longitude: Double
    /// Horizontal accuracy in metres (the radius of the fix's uncertainty), when known.
    public var accuracy: Double?
    /// The 1-based line of the input it came from, for messages.
    public var line: Int

    public init(at: Instant, latitude: Double, longitude: Double, accuracy: Double? = nil, line: Int = 0) {
        self.at = at
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.line = line
    }

    /// Mean Earth radius (IUGG), metres.
    package static let earthRadius = 6_371_008.8

    /// Great-circle (haversine) distance in metres to a point; well-conditioned at short range,
    /// which is where region boundaries are decided.
    public func distance(toLatitude latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude - self.latitude) * radians
        let dLon = (longitude - self.longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(self.latitude * radians) * cos(latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Whether the coordinates are on Earth and the accuracy a non-negative number.
    package var problem: String? {
        guard latitude.isFinite, (-90...90).contains(latitude) else { return "latitude \(latitude) is outside -90...90" }
        guard longitude.isFinite, (-180...180).contains(longitude) else { return "longitude \(longitude) is outside -180...180" }
        if let accuracy, !(accuracy.isFinite && accuracy >= 0) { return "accuracy \(accuracy) is not a distance in metres" }
        return nil
    }
}
