import Testing
@testable import AlmanacTime

/// The DST policies of docs/spec.md "Time zones and daylight saving", on real transition nights.
@Suite struct DSTResolverTests {
    static func table(_ zone: String) -> OffsetTable {
        OffsetTable(
            zone: zone, covering: RFC3339.parseInstant("2026-01-01T00:00:00Z")!,
            to: RFC3339.parseInstant("2027-01-01T00:00:00Z")!)!
    }

    static func local(_ text: String) -> LocalDateTime { RFC3339.parse(text + "Z")!.local }

    /// Each fire as `instant|local+offset|flags`, so expectations read like a plan.
    static func fires(_ zone: String, _ wall: String, gap: GapPolicy = .shift, overlap: OverlapPolicy = .first) -> [String] {
        table(zone).resolve(local(wall), policy: DSTPolicy(gap: gap, overlap: overlap)).all.map { fire in
            RFC3339.format(fire.instant) + "|" + RFC3339.format(fire.local, offset: fire.offset)
                + (fire.shifted ? "|shifted" : "") + (fire.secondPass ? "|second" : "")
        }
    }

    @Test func newYorkSpringForward() {
        #expect(Self.fires("America/New_York", "2026-03-08T02:30:00") == ["2026-03-08T07:30:00Z|2026-03-08T03:30:00-04:00|shifted"])
        #expect(
            Self.fires("America/New_York", "2026-03-08T02:30:00", gap: .next) == ["2026-03-08T07:00:00Z|2026-03-08T03:00:00-04:00|shifted"])
        #expect(Self.fires("America/New_York", "2026-03-08T02:30:00", gap: .skip) == [])
        #expect(Self.fires("America/New_York", "2026-03-08T03:00:00", gap: .skip) == ["2026-03-08T07:00:00Z|2026-03-08T03:00:00-04:00"])
        #expect(Self.fires("America/New_York", "2026-03-08T01:59:59", gap: .skip) == ["2026-03-08T06:59:59Z|2026-03-08T01:59:59-05:00"])
    }

    @Test func newYorkFallBack() {
        let wall = "2026-11-01T01:30:00"
        #expect(Self.fires("America/New_York", wall) == ["2026-11-01T05:30:00Z|2026-11-01T01:30:00-04:00"])
        #expect(Self.fires("America/New_York", wall, overlap: .last) == ["2026-11-01T06:30:00Z|2026-11-01T01:30:00-05:00"])
        #expect(
            Self.fires("America/New_York", wall, overlap: .both) == [
                "2026-11-01T05:30:00Z|2026-11-01T01:30:00-04:00", "2026-11-01T06:30:00Z|2026-11-01T01:30:00-05:00|second",
            ])
        #expect(Self.fires("America/New_York", "2026-11-01T02:00:00", overlap: .both) == ["2026-11-01T07:00:00Z|2026-11-01T02:00:00-05:00"])
    }

    @Test func lordHoweHalfHourShift() {
        // 2026-10-04: 02:00 +10:30 → 02:30 +11:00.
        #expect(Self.fires("Australia/Lord_Howe", "2026-10-04T02:15:00") == ["2026-10-03T15:45:00Z|2026-10-04T02:45:00+11:00|shifted"])
        #expect(
            Self.fires("Australia/Lord_Howe", "2026-10-04T02:15:00", gap: .next) == [
                "2026-10-03T15:30:00Z|2026-10-04T02:30:00+11:00|shifted"
            ])
        // 2026-04-05: 02:00 +11:00 → 01:30 +10:30; 01:45 happens twice, 30 minutes apart.
        #expect(
            Self.fires("Australia/Lord_Howe", "2026-04-05T01:45:00", overlap: .both) == [
                "2026-04-04T14:45:00Z|2026-04-05T01:45:00+11:00", "2026-04-04T15:15:00Z|2026-04-05T01:45:00+10:30|second",
            ])
    }

    @Test func chathamQuarterHourOffsets() {
        // 2026-09-27: 02:45 +12:45 → 03:45 +13:45.
        #expect(
            Self.fires("Pacific/Chatham", "2026-09-27T03:00:00", gap: .next) == ["2026-09-26T14:00:00Z|2026-09-27T03:45:00+13:45|shifted"])
        #expect(Self.fires("Pacific/Chatham", "2026-09-27T03:00:00") == ["2026-09-26T14:15:00Z|2026-09-27T04:00:00+13:45|shifted"])
        #expect(Self.fires("Pacific/Chatham", "2026-09-27T02:44:00") == ["2026-09-26T13:59:00Z|2026-09-27T02:44:00+12:45"])
    }

    @Test func dublinNegativeDaylightSavingIsStillAnHourForward() {
        #expect(Self.fires("Europe/Dublin", "2026-03-29T01:30:00") == ["2026-03-29T01:30:00Z|2026-03-29T02:30:00+01:00|shifted"])
        #expect(Self.fires("Europe/Dublin", "2026-10-25T01:30:00", overlap: .last) == ["2026-10-25T01:30:00Z|2026-10-25T01:30:00+00:00"])
    }

    @Test func zonesWithoutDaylightSavingNeverShift() {
        for zone in ["Asia/Kolkata", "America/Sao_Paulo", "UTC"] {
            let table = Self.table(zone)
            var wall = Self.local("2026-01-01T00:30:00").wallSeconds
            var cursor = table.cursor()
            while wall < Self.local("2027-01-01T00:00:00").wallSeconds {
                guard case .one(let fire) = cursor.resolve(wall: wall, policy: DSTPolicy(gap: .skip, overlap: .both)),
                    !fire.shifted, fire.local.wallSeconds == wall
                else {
                    Issue.record("\(zone) \(LocalDateTime(wallSeconds: wall))"); return
                }
                wall += 3600
            }
        }
        #expect(Self.fires("Asia/Kolkata", "2026-11-23T10:30:00") == ["2026-11-23T05:00:00Z|2026-11-23T10:30:00+05:30"])
    }
}
