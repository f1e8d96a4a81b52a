import AlmanacPlanDiff
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// Offsets that are not whole minutes (local mean time): a plan's `local`, RFC 3339 text and spec
/// instants written with that offset all denote the fire's `at`.
@Suite struct LocalMeanTimeTests {
    typealias T = TestSupport

    /// Zones and windows where the offset has seconds, west and east of UTC.
    static let cases: [(zone: String, from: String)] = [
        ("Europe/Dublin", "1910-06-01T00:00:00Z"), // -00:25:21 (Dublin Mean Time)
        ("Africa/Monrovia", "1960-06-01T00:00:00Z"), // -00:44:30
        ("Europe/Paris", "1905-01-10T00:00:00Z"), // +00:09:21 (Paris Mean Time)
        ("America/Detroit", "1900-03-01T00:00:00Z"), // -05:32:11
        ("Asia/Kolkata", "1890-01-01T00:00:00Z"), // +05:53:28 (local mean time before 1900 in tzdata)
    ]

    @Test func localTextAndAtAreTheSameInstant() throws {
        var withSeconds = 0
        for c in Self.cases {
            let trigger = Trigger(id: "t", kind: .calendar(CalendarRule(times: [T.time("12:00"), T.time("23:59:59")])), timezone: c.zone)
            let from = T.instant(c.from)
            let plan = try T.compile(T.schedule(trigger), Window(from: from, to: from.adding(TimeSpan(seconds: 10 * 86_400)))).plan
            #expect(plan.fires.count == 20, "\(c.zone)")
            for fire in plan.fires {
                if fire.offset % 60 != 0 { withSeconds += 1 } else { Issue.record("\(c.zone): offset \(fire.offset) has no seconds") }
                let text = RFC3339.format(fire.local, offset: fire.offset)
                #expect(RFC3339.parseInstant(text) == fire.at, "\(c.zone) \(text) vs \(fire.at)")
                // The plan writes the same text, and the plan reader gives the same instant back.
                #expect(PlanTimestamp.format(fire.local, offset: fire.offset) == text)
                let read = Array(text.utf8).withUnsafeBufferPointer { PlanTimestamp.parseLocal($0) }
                #expect(read.map { $0.local.wallSeconds - Int64($0.offset) } == fire.at.secondsSinceEpoch)
                // A spec may write the instant in that form: `once: 1910-06-01T12:00:00-00:25:21`.
                let spec = "version: 1\nname: lmt\ntriggers:\n  o: {once: \"\(text)\"}\n"
                let loaded = SpecLoader.load(SourceFile(path: "lmt.yaml", bytes: Array(spec.utf8)))
                guard case .once(let rule)? = loaded.schedule?.triggers.first?.kind, case .instant(let i) = rule.moment else {
                    Issue.record("\(text): \(loaded.diagnostics.map(\.message))")
                    continue
                }
                #expect(i == fire.at, "\(text)")
            }
        }
        #expect(withSeconds == Self.cases.count * 20)
    }

    @Test func offsetForms() {
        #expect(RFC3339.format(T.local("1910-06-01T12:00"), offset: -1_521) == "1910-06-01T12:00:00-00:25:21")
        #expect(RFC3339.format(T.local("1930-01-10T12:00"), offset: 1_172) == "1930-01-10T12:00:00+00:19:32")
        #expect(RFC3339.format(T.local("2026-01-10T12:00"), offset: -18_000) == "2026-01-10T12:00:00-05:00")
        #expect(RFC3339.parseInstant("1910-06-01T12:00:00-00:25:21") == T.instant("1910-06-01T12:25:21Z"))
        #expect(RFC3339.parseInstant("1910-06-01T12:00:00-00:25:60") == nil)
        #expect(RFC3339.parseInstant("1910-06-01T12:00:00-00:25:2") == nil)
    }
}

/// The plan's `tzdata` names the zone data build precisely: version plus a digest of the offsets.
@Suite struct ZoneDataLabelTests {
    typealias T = TestSupport

    static func tzdata(_ zones: [String], from: String = "2026-01-01T00:00:00Z", days: Int64 = 30) throws -> String {
        let triggers = zones.enumerated().map { i, zone in
            Trigger(id: "t\(i)", kind: .calendar(CalendarRule(times: [T.time("12:00")])), timezone: zone)
        }
        let from = T.instant(from)
        let schedule = Schedule(name: "z", triggers: triggers)
        return try Compiler().compile(
            schedule, specSHA256: "0", window: Window(from: from, to: from.adding(TimeSpan(seconds: days * 86_400)))
        ).plan.tzdata
    }

    @Test func versionPlusDigestOfTheZonesUsed() throws {
        let dublin = try Self.tzdata(["Europe/Dublin"])
        #expect(dublin.hasPrefix(OffsetTable.dataVersion + "+"))
        #expect(dublin.count == OffsetTable.dataVersion.count + 9)
        // Independent of the window, so adjacent plans do not differ in `tzdata`.
        #expect(try Self.tzdata(["Europe/Dublin"], from: "1910-06-01T00:00:00Z") == dublin)
        #expect(try Self.tzdata(["Europe/Dublin"], days: 400) == dublin)
        // Different zones, different offsets, different digest; the order of triggers does not matter.
        #expect(try Self.tzdata(["Africa/Monrovia"]) != dublin)
        #expect(try Self.tzdata(["Europe/Dublin", "Africa/Monrovia"]) == (try Self.tzdata(["Africa/Monrovia", "Europe/Dublin"])))
        // The digest is over the offset data: a table that differs in one pre-1970 offset differs in text.
        let real = try #require(OffsetTable(zone: "Europe/Dublin", covering: OffsetTable.digestSpan.from, to: OffsetTable.digestSpan.to))
        let changed = OffsetTable(
            identifier: "Europe/Dublin", initialOffset: -1_521, changes: real.changes.map { (instant: $0.instant, offset: $0.after) })
        let altered = OffsetTable(
            identifier: "Europe/Dublin", initialOffset: -1_500, changes: real.changes.map { (instant: $0.instant, offset: $0.after) })
        #expect(changed.canonicalText != altered.canonicalText)
    }

    @Test func aGivenLabelIsRecordedAsIs() throws {
        let t = Trigger(id: "t", kind: .calendar(CalendarRule(times: [T.time("12:00")])), timezone: "Europe/Dublin")
        let plan = try Compiler(tzdataVersion: "2025b").compile(
            T.schedule(t), specSHA256: "0", window: T.window("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z")
        ).plan
        #expect(plan.tzdata == "2025b")
    }
}

extension ZoneDataLabelTests {
    @Test func diffReportsADifferentBuildNotADifferentZone() throws {
        func plan(_ zone: String, _ tzdata: String) -> Plan {
            Plan(
                spec: SpecInfo(name: "p", sha256: "0"), window: T.window("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"), tzdata: tzdata,
                limits: PlanLimits(maxPending: 64, maxRegions: 20), triggers: ["t": PlanTrigger(kind: "calendar", timezone: zone)],
                regions: [])
        }
        #expect(PlanDiff(old: plan("Europe/Dublin", "2025b+11111111"), new: plan("Europe/Dublin", "2025b+22222222")).tzdata != nil)
        #expect(PlanDiff(old: plan("Europe/Dublin", "2025b+11111111"), new: plan("Europe/Paris", "2025b+22222222")).tzdata == nil)
        #expect(PlanDiff(old: plan("Europe/Dublin", "2025a+11111111"), new: plan("Europe/Paris", "2025b+22222222")).tzdata != nil)
        #expect(PlanDiff(old: plan("Europe/Dublin", "2025b"), new: plan("Europe/Dublin", "2025b")).tzdata == nil)
    }
}
