import Foundation
import Testing
@testable import AlmanacTime

/// OffsetTable against Foundation itself, in zones with odd histories.
@Suite struct OffsetTableTests {
    static func instant(_ text: String) -> Instant { RFC3339.parseInstant(text)! }

    @Test func unknownZoneIsNil() {
        #expect(
            OffsetTable(
                zone: "Mars/Olympus_Mons", covering: Self.instant("2026-01-01T00:00:00Z"),
                to: Self.instant("2027-01-01T00:00:00Z")) == nil)
    }

    @Test(arguments: ["UTC", "Etc/UTC"])
    func utcIsTrivial(zone: String) {
        let table = OffsetTable(zone: zone, covering: Self.instant("1900-01-01T00:00:00Z"), to: Self.instant("2100-01-01T00:00:00Z"))!
        #expect(table.changes.isEmpty)
        let local = LocalDateTime(date: CivilDate(year: 2026, month: 3, day: 8), time: LocalTime(hour: 2, minute: 30))
        #expect(table.resolve(local) == .unique(Self.instant("2026-03-08T02:30:00Z"), offset: 0))
    }

    /// Zones whose standard offset changed, that skipped a day, or used half-hour and odd offsets.
    @Test(arguments: [
        "Asia/Pyongyang", "Europe/Volgograd", "Pacific/Apia", "America/Caracas", "Africa/Casablanca",
        "Asia/Kathmandu", "America/Whitehorse", "Europe/Amsterdam", "Australia/Lord_Howe", "Pacific/Kiritimati",
    ])
    func agreesWithFoundationEveryThreeHours(zone: String) throws {
        let from = Self.instant("1900-01-01T00:00:00Z"), to = Self.instant("2040-01-01T00:00:00Z")
        let table = try #require(OffsetTable(zone: zone, covering: from, to: to))
        let foundation = TimeZone(identifier: zone)!
        var cursor = table.cursor()
        var t = from.secondsSinceEpoch
        while t < to.secondsSinceEpoch {
            let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
            let instant = Instant(secondsSinceEpoch: t)
            guard table.offset(at: instant) == expected, cursor.offset(at: instant) == expected else {
                Issue.record("\(zone) at \(instant): expected \(expected), got \(table.offset(at: instant))")
                return
            }
            t += 3 * 3600
        }
    }

    @Test func everyChangeRoundTripsThroughResolve() throws {
        // For each transition, the wall times just outside its interval are unique and map back.
        let table = try #require(
            OffsetTable(
                zone: "Pacific/Chatham", covering: Self.instant("2000-01-01T00:00:00Z"),
                to: Self.instant("2040-01-01T00:00:00Z")))
        #expect(table.changes.count > 70)
        for change in table.changes {
            for instant in [change.instant.secondsSinceEpoch - 1, change.instant.secondsSinceEpoch] {
                let offset = table.offset(at: Instant(secondsSinceEpoch: instant))
                let wall = LocalDateTime(wallSeconds: instant + Int64(offset))
                switch table.resolve(wall) {
                case .unique(let back, _): #expect(back.secondsSinceEpoch == instant)
                case .overlap(let a, _, let b, _): #expect(a.secondsSinceEpoch == instant || b.secondsSinceEpoch == instant)
                case .gap: Issue.record("a shown wall time cannot be in a gap: \(wall)")
                }
            }
        }
    }

    @Test func explicitChangesBuildATable() {
        let table = OffsetTable(
            identifier: "test", initialOffset: 3600,
            changes: [(Self.instant("2026-06-01T00:00:00Z"), 7200), (Self.instant("2026-07-01T00:00:00Z"), 7200)])
        #expect(table.changes.count == 1)
        #expect(table.offset(at: Self.instant("2026-05-31T23:59:59Z")) == 3600)
        #expect(table.offset(at: Self.instant("2026-06-01T00:00:00Z")) == 7200)
    }

    @Test func dataVersionLooksLikeATzdataRelease() {
        #expect(OffsetTable.dataVersion.range(of: #"^\d{4}[a-z]$"#, options: .regularExpression) != nil)
    }
}

/// The cursor's instant floor, which lets expansion release fires before it has seen later ones.
@Suite struct InstantFloorTests {
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "Europe/Dublin", "Asia/Kolkata"])
    func noLaterWallTimeResolvesBeforeTheFloor(zone: String) throws {
        let table = try #require(
            OffsetTable(
                zone: zone, covering: RFC3339.parseInstant("2026-01-01T00:00:00Z")!,
                to: RFC3339.parseInstant("2028-01-01T00:00:00Z")!))
        let policies = [DSTPolicy(gap: .shift, overlap: .both), DSTPolicy(gap: .next, overlap: .last)]
        // Every 13 minutes over two years: every gap and overlap is crossed at several phases.
        var walls: [Int64] = []
        var wall = RFC3339.parse("2026-01-02T00:00:00Z")!.local.wallSeconds
        while wall < RFC3339.parse("2027-12-30T00:00:00Z")!.local.wallSeconds {
            walls.append(wall)
            wall += 780
        }
        for policy in policies {
            var cursor = table.cursor()
            var floors: [Int64] = []
            var earliest: [Int64] = []
            for wall in walls {
                let instants = cursor.resolve(wall: wall, policy: policy).all.map(\.instant.secondsSinceEpoch)
                floors.append(cursor.instantFloor(afterWall: wall))
                earliest.append(instants.min() ?? .max)
            }
            // floor[i] must not exceed any instant of walls[i+1...] (nor the second of an overlap pair).
            var suffixMin = Int64.max
            for i in stride(from: walls.count - 1, through: 0, by: -1) {
                #expect(floors[i] <= suffixMin, "\(zone) \(LocalDateTime(wallSeconds: walls[i]))")
                suffixMin = min(suffixMin, earliest[i])
            }
        }
    }
}
