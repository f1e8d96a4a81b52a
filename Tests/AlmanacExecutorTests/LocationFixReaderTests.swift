import AlmanacRegistration
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// Fixes as JSON lines and GPX; bad fixes are reported with their line and skipped.
@Suite struct LocationFixReaderTests {
    static func read(_ text: String) -> (fixes: [LocationFix], problems: [String]) {
        let (fixes, problems) = LocationFixReader.read(Array(text.utf8))
        return (fixes, problems.map(\.description))
    }

    @Test func jsonLinesWithOptionalAccuracy() {
        let (fixes, problems) = Self.read(
            """
            {"at": "2026-12-07T14:58:00Z", "latitude": 41.8827, "longitude": -87.6233, "accuracy": 12}

            {"at": "2026-12-07T10:00:30-05:00", "latitude": -33.5, "longitude": 151.25, "speed": 1.2}
            """)
        #expect(problems.isEmpty)
        #expect(
            fixes == [
                LocationFix(at: Instant(secondsSinceEpoch: 1_796_655_480), latitude: 41.8827, longitude: -87.6233, accuracy: 12, line: 1),
                LocationFix(at: Instant(secondsSinceEpoch: 1_796_655_630), latitude: -33.5, longitude: 151.25, line: 3),
            ])
    }

    @Test func badLinesAreReportedWithTheirNumberAndSkipped() {
        let (fixes, problems) = Self.read(
            """
            {"at": "2026-12-07T15:00:00Z", "latitude": 41.0, "longitude": -87.0}
            {"at": "2026-12-07T15:01:00Z", "latitude": 91, "longitude": -87.0}
            {"at": "2026-12-07T15:02:00Z", "latitude": 41.0, "longitude": 180.5}
            {"at": "2026-12-07T14:59:00Z", "latitude": 41.0, "longitude": -87.0}
            {"at": "yesterday", "latitude": 41.0, "longitude": -87.0}
            {"latitude": 41.0, "longitude": -87.0}
            {"at": "2026-12-07T15:03:00Z", "latitude": "41", "longitude": -87.0}
            {"at": "2026-12-07T15:04:00Z", "latitude": 41.0, "longitude": -87.0, "accuracy": -3}
            {"at": "2026-12-07T15:05:00Z", "latitude": 41.0,
            [1, 2]
            {"at": "2026-12-07T15:06:00Z", "latitude": 41.0, "longitude": -87.0}
            """)
        #expect(fixes.map(\.line) == [1, 11])
        #expect(problems.count == 9)
        #expect(problems.map { String($0.prefix { $0 != ":" }) } == (2...10).map { "line \($0)" })
        #expect(problems[0].contains("latitude 91.0 is outside"))
        #expect(problems[1].contains("longitude 180.5 is outside"))
        #expect(problems[2].contains("goes back before 2026-12-07T15:00:00Z"))
        #expect(problems[3].contains("'yesterday' is not an RFC 3339 instant"))
        #expect(problems[4].contains("missing \"at\""))
        #expect(problems[5].contains("\"latitude\""))
        #expect(problems[6].contains("accuracy"))
        #expect(problems.allSatisfy { $0.hasSuffix("; skipped") })
    }

    @Test func gpxTrackIsDetectedByContent() {
        let (fixes, problems) = Self.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test"><trk><trkseg>
              <trkpt lat="41.8827" lon="-87.6233"><ele>180</ele><time>2026-12-07T14:58:00Z</time></trkpt>
              <trkpt lon='-87.6240' lat='41.8830'>
                <time>2026-12-07T14:59:00.250Z</time>
              </trkpt>
              <trkpt lat="41.9" lon="-87.6"></trkpt>
              <trkpt lat="north" lon="-87.6"><time>2026-12-07T15:00:00Z</time></trkpt>
              <trkpt lat="41.9" lon="-87.6"><time>2026-12-07T15:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        #expect(fixes.map(\.line) == [3, 4, 9])
        #expect(fixes[1].at == Instant(secondsSinceEpoch: 1_796_655_540))
        #expect(fixes[1].latitude == 41.8830 && fixes[1].longitude == -87.6240)
        #expect(
            problems == [
                "line 7: GPX: <trkpt> has no <time>; skipped",
                "line 8: GPX: lat 'north' or lon '-87.6' is not a number; skipped",
            ])
    }

    @Test func brokenGPXIsReportedNotFatal() {
        #expect(Self.read("<gpx><trk>nothing here</trk></gpx>").problems == ["line 1: GPX: no <trkpt> with a position and a time; skipped"])
        let truncated = Self.read(
            "<gpx>\n<trkpt lat=\"1\" lon=\"2\"><time>2026-12-07T15:01:00Z</time></trkpt>\n<trkpt lat=\"1\" lon=\"2\"><time>")
        #expect(truncated.fixes.count == 1)
        #expect(truncated.problems == ["line 3: GPX: <trkpt> has no </trkpt>; skipped"])
    }

    @Test func haversineDistances() {
        let origin = LocationFix(at: Instant(secondsSinceEpoch: 0), latitude: 0, longitude: 0)
        // One degree of a great circle on a sphere of the mean radius.
        #expect(abs(origin.distance(toLatitude: 1, longitude: 0) - 111_195.08) < 0.1)
        #expect(abs(origin.distance(toLatitude: 0, longitude: 1) - 111_195.08) < 0.1)
        // Antipodes: half the circumference.
        #expect(abs(origin.distance(toLatitude: 0, longitude: 180) - Double.pi * 6_371_008.8) < 0.01)
        // Chicago to New York is about 1,145 km.
        let chicago = LocationFix(at: Instant(secondsSinceEpoch: 0), latitude: 41.8781, longitude: -87.6298)
        #expect(abs(chicago.distance(toLatitude: 40.7128, longitude: -74.0060) / 1000 - 1145) < 5)
    }
}
