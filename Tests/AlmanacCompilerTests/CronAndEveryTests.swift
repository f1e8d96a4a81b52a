import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

@Suite struct CronAndEveryTests {
    typealias T = TestSupport

    static func cron(_ text: String, zone: String = "America/New_York", dst: DSTPolicy = .standard) -> Trigger {
        Trigger(id: "cron", kind: .cron(T.cron(text)), timezone: zone, dst: dst)
    }

    static func every(_ seconds: Int64, anchor: String = "1970-01-01T00:00:00Z", zone: String? = "America/New_York") -> Trigger {
        Trigger(id: "e", kind: .every(EveryRule(interval: TimeSpan(seconds: seconds), anchor: T.instant(anchor))), timezone: zone)
    }

    @Test func cronDayFieldsOrWhenBothRestricted() throws {
        // Mondays OR odd days of the month: both fields restricted.
        let either = try T.fires(Self.cron("0 0 1-31/2 * 1", zone: "UTC"), from: "2026-06-01T00:00:00Z", to: "2026-06-11T00:00:00Z")
        #expect(
            either.map { String($0.prefix(10)) } == ["2026-06-01", "2026-06-03", "2026-06-05", "2026-06-07", "2026-06-08", "2026-06-09"])
        // `*/2` starts with `*`, so (docs/spec.md, the day rule) a day must match both fields (Mondays that are odd days).
        let both = try T.fires(Self.cron("0 0 */2 * 1", zone: "UTC"), from: "2026-06-01T00:00:00Z", to: "2026-07-01T00:00:00Z")
        #expect(both.map { String($0.prefix(10)) } == ["2026-06-01", "2026-06-15", "2026-06-29"])
        let fridays13 = try T.fires(Self.cron("0 9 13 * 5", zone: "UTC"), from: "2026-02-01T00:00:00Z", to: "2026-02-28T00:00:00Z")
        #expect(fridays13.count == 4) // 6, 13 (both), 20, 27 — 13 is also a Friday: once.
    }

    @Test func sundayAsSeven() throws {
        let fires = try T.fires(Self.cron("30 8 * * 7", zone: "UTC"), from: "2026-11-01T00:00:00Z", to: "2026-11-15T00:00:00Z")
        #expect(fires.map { String($0.prefix(19)) } == ["2026-11-01T08:30:00", "2026-11-08T08:30:00"])
    }

    @Test func quarterHourlyAcrossFallBack() throws {
        let window = ("2026-11-01T04:00:00Z", "2026-11-01T08:00:00Z")
        let first = try T.fires(Self.cron("*/15 * * * *"), from: window.0, to: window.1)
        // 00:00 EDT … 01:45 EDT, then silence until 02:00 EST: the repeated hour is skipped.
        #expect(first.count == 12)
        #expect(first[7] == "2026-11-01T05:45:00Z 2026-11-01T01:45:00-04:00 cron@2026-11-01T01:45:00")
        #expect(first[8] == "2026-11-01T07:00:00Z 2026-11-01T02:00:00-05:00 cron@2026-11-01T02:00:00")
        let both = try T.fires(Self.cron("*/15 * * * *", dst: DSTPolicy(overlap: .both)), from: window.0, to: window.1)
        #expect(both.count == 16)
        #expect(both[8] == "2026-11-01T06:00:00Z 2026-11-01T01:00:00-05:00 cron@2026-11-01T01:00:00~2")
        let result = try T.compile(T.schedule(Self.cron("*/15 * * * *")), T.window(window.0, window.1))
        #expect(result.diagnostics.map(\.code) == [.dstAffected])
        #expect(result.diagnostics.first?.message.contains("2026-11-01T01:00:00") == true)
    }

    @Test func everyFiveMinutesForAYearIsElapsedTime() throws {
        let result = try T.compile(T.schedule(Self.every(300)), T.window("2026-01-01T05:00:00Z", "2027-01-01T05:00:00Z"))
        let fires = result.plan.fires
        #expect(fires.count == 105_120)
        #expect(zip(fires, fires.dropFirst()).allSatisfy { $1.at.secondsSinceEpoch - $0.at.secondsSinceEpoch == 300 })
        // No fire shows a wall time inside the spring gap; the repeated hour fires twice, the later with `~2`.
        #expect(!fires.contains { $0.local.description.hasPrefix("2026-03-08T02:") })
        let repeated = fires.filter { $0.id.hasPrefix("e@2026-11-01T01:") }
        #expect(repeated.count == 24)
        #expect(repeated.filter { $0.id.hasSuffix("~2") }.count == 12)
        #expect(repeated.first { $0.id == "e@2026-11-01T01:00:00~2" }?.at == T.instant("2026-11-01T06:00:00Z"))
        #expect(Set(fires.map(\.id)).count == fires.count)
        // 288 fires a day against the default 64 pending over 1d: the budget warning, nothing else.
        #expect(result.diagnostics.map(\.code) == [.pendingBudget])
    }

    @Test func everyOnlyMarksTheSecondPassWhenTheFirstIsAFire() throws {
        // Every 25 minutes from 00:00 UTC: 05:25Z (01:25 EDT) fires; 06:25Z (01:25 EST) is not a multiple.
        let fires = try T.fires(Self.every(1500, anchor: "2026-11-01T00:00:00Z"), from: "2026-11-01T05:00:00Z", to: "2026-11-01T07:00:00Z")
        #expect(!fires.contains { $0.contains("~2") })
        let hourly = try T.fires(Self.every(3600), from: "2026-11-01T05:00:00Z", to: "2026-11-01T07:00:00Z")
        #expect(
            hourly == [
                "2026-11-01T05:00:00Z 2026-11-01T01:00:00-04:00 e@2026-11-01T01:00:00",
                "2026-11-01T06:00:00Z 2026-11-01T01:00:00-05:00 e@2026-11-01T01:00:00~2",
            ])
    }

    @Test func everyWithoutZoneIsUTCAndAnchored() throws {
        let fires = try T.fires(
            Self.every(5400, anchor: "2026-01-01T00:10:00Z", zone: nil),
            from: "2026-01-01T00:00:00Z", to: "2026-01-01T04:00:00Z")
        #expect(
            fires == [
                "2026-01-01T00:10:00Z 2026-01-01T00:10:00+00:00 e@2026-01-01T00:10:00",
                "2026-01-01T01:40:00Z 2026-01-01T01:40:00+00:00 e@2026-01-01T01:40:00",
                "2026-01-01T03:10:00Z 2026-01-01T03:10:00+00:00 e@2026-01-01T03:10:00",
            ])
    }

    @Test func onceLocalAndInstant() throws {
        let local = Trigger(id: "launch", kind: .once(OnceRule(.local(T.local("2026-12-01T10:00")))), timezone: "America/New_York")
        let instant = Trigger(id: "z", kind: .once(OnceRule(.instant(T.instant("2026-12-01T15:00:00Z")))), timezone: "Asia/Kolkata")
        let fires = try T.fires(local, instant, from: "2026-11-23T05:00:00Z", to: "2026-12-23T05:00:00Z")
        #expect(
            fires == [
                "2026-12-01T15:00:00Z 2026-12-01T10:00:00-05:00 launch@2026-12-01T10:00:00",
                "2026-12-01T15:00:00Z 2026-12-01T20:30:00+05:30 z@2026-12-01T20:30:00",
            ])
        let outside = try T.compile(T.schedule(local), T.window("2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z"))
        #expect(outside.plan.fires.isEmpty)
        #expect(outside.diagnostics.map(\.code) == [.noFireInWindow])
    }
}
