import AlmanacPlan
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A synthetic walk through Chicago for the location goldens: home, office and gym of
/// `examples/arrive-leave.yaml`, over Monday 2026-11-23 to Saturday 2026-11-28 (CST, −06:00).
///
/// Fixes every minute while moving (every ten while staying put), each moved by a deterministic
/// jitter of up to ±6 m north and east with a reported accuracy of 5–15 m; the walk lingers on
/// region boundaries, where only hysteresis keeps the state from flapping.
enum LocationWalk {
    /// A place: a region's centre moved by some metres.
    struct Place {
        var latitude: Double
        var longitude: Double
    }

    static let home = (latitude: 41.8789, longitude: -87.6359)
    static let office = (latitude: 41.8827, longitude: -87.6233)
    static let gym = (latitude: 41.8916, longitude: -87.6079)

    static func at(_ centre: (latitude: Double, longitude: Double), north: Double = 0, east: Double = 0) -> Place {
        let metresPerDegree = 111_195.08
        return Place(
            latitude: centre.latitude + north / metresPerDegree,
            longitude: centre.longitude + east / (metresPerDegree * cos(centre.latitude * .pi / 180)))
    }

    /// `(local CST time, place)` pairs; the walk goes in a straight line from each to the next.
    static let waypoints: [(String, Place)] = [
        // Monday: arrive at the office (armed), lunch out and back (neither armed), leave at 17:14
        // (armed), come back and leave again inside the 30 min cooldown, home at 22:20 (armed).
        // Routes go around the office when they must not cross it.
        ("2026-11-23T06:30", at(home)), ("2026-11-23T07:30", at(home)), ("2026-11-23T07:45", at(office, north: 500)),
        ("2026-11-23T07:50", at(office, north: 150)), ("2026-11-23T08:00", at(office, north: 150)),
        ("2026-11-23T08:07", at(office)), ("2026-11-23T12:00", at(office)),
        ("2026-11-23T12:10", at(office, east: 400)), ("2026-11-23T12:40", at(office, east: 400)),
        ("2026-11-23T12:50", at(office)), ("2026-11-23T17:00", at(office)),
        ("2026-11-23T17:06", at(office, east: 150)), ("2026-11-23T17:12", at(office, east: 150)),
        ("2026-11-23T17:20", at(office, east: 300)), ("2026-11-23T17:25", at(office, east: 300)),
        ("2026-11-23T17:30", at(office)), ("2026-11-23T17:35", at(office)),
        ("2026-11-23T17:42", at(office, east: 300)), ("2026-11-23T17:50", at(office, north: 600)),
        ("2026-11-23T18:30", at(home, north: 300)),
        ("2026-11-23T22:10", at(home, north: 300)), ("2026-11-23T22:20", at(home)),
        // Tuesday: office in and out, home after midnight (Tuesday's 22:00–02:00 window).
        ("2026-11-24T07:45", at(home)), ("2026-11-24T08:30", at(office)), ("2026-11-24T16:10", at(office)),
        ("2026-11-24T16:20", at(office, north: -400)), ("2026-11-25T00:20", at(home, east: 250)),
        ("2026-11-25T00:30", at(home)),
        // Wednesday noon at the gym: not armed on a weekday.
        ("2026-11-25T11:30", at(home)), ("2026-11-25T11:50", at(gym)), ("2026-11-25T12:40", at(gym)),
        ("2026-11-25T13:00", at(home)),
        // Saturday at the gym: enter and exit fire (on: both); back in and out within the hour do not.
        ("2026-11-28T09:00", at(home)), ("2026-11-28T09:40", at(gym, north: -200)), ("2026-11-28T09:50", at(gym)),
        ("2026-11-28T10:55", at(gym)), ("2026-11-28T11:00", at(gym, north: -200)), ("2026-11-28T11:05", at(gym, north: -200)),
        ("2026-11-28T11:10", at(gym)), ("2026-11-28T11:30", at(gym)), ("2026-11-28T11:40", at(gym, north: -200)),
        ("2026-11-28T12:30", at(home)),
    ]

    /// The walk's fixes as JSON lines, the way a logger would write them.
    static func track() -> String {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func unit() -> Double {
            // A fixed 64-bit LCG (Knuth's MMIX constants): the same track on every machine.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var lines: [String] = []
        func emit(_ seconds: Int64, _ place: Place) {
            let jittered = at((place.latitude, place.longitude), north: (unit() * 2 - 1) * 6, east: (unit() * 2 - 1) * 6)
            let accuracy = Int(5 + unit() * 10)
            let at = Instant(secondsSinceEpoch: seconds)
            lines.append(
                "{\"at\": \"\(at)\", \"latitude\": \(rounded(jittered.latitude)), \"longitude\": \(rounded(jittered.longitude)), \"accuracy\": \(accuracy)}"
            )
        }
        let points = waypoints.map { (seconds(local: $0.0), $0.1) }
        for (a, b) in zip(points, points.dropFirst()) {
            let moving = a.1.latitude != b.1.latitude || a.1.longitude != b.1.longitude
            let step: Int64 = moving || b.0 - a.0 <= 1200 ? 60 : 600
            for t in stride(from: a.0, to: b.0, by: Int(step)) {
                let f = Double(t - a.0) / Double(b.0 - a.0)
                emit(
                    t,
                    Place(
                        latitude: a.1.latitude + (b.1.latitude - a.1.latitude) * f,
                        longitude: a.1.longitude + (b.1.longitude - a.1.longitude) * f))
            }
        }
        if let last = points.last { emit(last.0, last.1) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seven decimals (about 1 cm), written the same on every platform.
    static func rounded(_ degrees: Double) -> String {
        let scaled = Int64((degrees * 10_000_000).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let fraction = String(magnitude % 10_000_000)
        return "\(sign)\(magnitude / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
    }

    /// A CST wall time (`2026-11-23T06:30`) as seconds since the epoch.
    static func seconds(local text: String) -> Int64 {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: bytes[range], as: UTF8.self))! }
        let date = CivilDate(year: number(0..<4), month: number(5..<7), day: number(8..<10))
        return Int64(date.daysSinceEpoch) * 86_400 + Int64(number(11..<13) * 3600 + number(14..<16) * 60) + 6 * 3600
    }
}
