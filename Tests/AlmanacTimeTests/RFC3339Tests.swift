import Testing
@testable import AlmanacTime

@Suite struct RFC3339Tests {
    @Test func parsesOffsetsAndZ() {
        #expect(RFC3339.parseInstant("2026-11-23T05:00:00Z")?.secondsSinceEpoch == 1_795_410_000)
        #expect(RFC3339.parseInstant("2026-11-23T10:30:00+05:30") == RFC3339.parseInstant("2026-11-23T05:00:00Z"))
        #expect(RFC3339.parseInstant("2026-11-23T00:00-05:00") == RFC3339.parseInstant("2026-11-23T05:00:00Z"))
        #expect(RFC3339.parseInstant("2026-11-23t05:00:00z") == RFC3339.parseInstant("2026-11-23T05:00:00Z"))
        #expect(RFC3339.parseInstant("2026-11-23T05:00:00.000Z") == RFC3339.parseInstant("2026-11-23T05:00:00Z"))
        #expect(
            RFC3339.parse("2026-11-23T09:00:00-05:00")
                == RFC3339.Timestamp(
                    local: LocalDateTime(date: CivilDate(year: 2026, month: 11, day: 23), time: LocalTime(hour: 9, minute: 0)),
                    offset: -18_000))
    }

    @Test(arguments: [
        "2026-11-23T05:00:00", "2026-11-23 05:00:00Z", "2026-11-23T05:00:00.5Z", "2026-11-23T05:00:00.Z",
        "2026-02-29T05:00:00Z", "2026-11-23T24:00:00Z", "2026-11-23T05:00:60Z", "2026-11-23T05:00:00+0530",
        "2026-11-23T05:00:00+24:00", "26-11-23T05:00:00Z", "2026-11-23T05:00:00Zx", "", "2026-11-23",
    ])
    func rejects(text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func formatsUTCAndZonedTimes() {
        let local = LocalDateTime(date: CivilDate(year: 2026, month: 11, day: 23), time: LocalTime(hour: 9, minute: 0))
        #expect(RFC3339.format(Instant(secondsSinceEpoch: 1_795_410_000)) == "2026-11-23T05:00:00Z")
        #expect(RFC3339.format(local, offset: -18_000) == "2026-11-23T09:00:00-05:00")
        #expect(RFC3339.format(local, offset: 0) == "2026-11-23T09:00:00+00:00")
        #expect(RFC3339.format(local, offset: 49_500) == "2026-11-23T09:00:00+13:45")
        #expect(RFC3339.format(Instant(secondsSinceEpoch: -1)) == "1969-12-31T23:59:59Z")
        var bytes: [UInt8] = []
        RFC3339.append(local, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == local.description)
    }

    @Test func roundTripsAgainstDescription() {
        // A stride of a prime number of seconds visits every field value over the years.
        var t: Int64 = -2_208_988_800
        while t < 4_102_444_800 {
            let instant = Instant(secondsSinceEpoch: t)
            let text = RFC3339.format(instant)
            #expect(text == instant.description)
            #expect(RFC3339.parseInstant(text) == instant)
            t += 1_000_003
        }
    }
}
