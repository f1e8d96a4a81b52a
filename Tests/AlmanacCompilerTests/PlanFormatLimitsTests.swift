import AlmanacJSON
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// What `compile` writes, the plan reader reads: both ends hold to `PlanFormatLimits`. Each limit
/// is crossed from both sides: at the limit the compiled plan reads back; one past it the compiler
/// refuses with a located error and a plan written by hand is refused by the reader.
@Suite struct PlanFormatLimitsTests {
    typealias T = TestSupport

    static func daily(_ zone: String, payload: [String: JSONValue] = [:]) -> Schedule {
        var trigger = Trigger(id: "t", kind: .cron(T.cron("30 23 * * *")), timezone: zone)
        trigger.payload = payload
        return T.schedule(trigger)
    }

    /// Compiles, writes the plan's bytes and reads them back.
    static func roundTrip(_ schedule: Schedule, _ window: Window) throws -> Plan {
        var plan = try T.compile(schedule, window).plan
        plan.spec.sha256 = String(repeating: "0", count: 64)
        return try PlanReader.read(PlanWriter.render(plan))
    }

    @Test(arguments: ["UTC", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Etc/GMT-14", "Etc/GMT+12"])
    func aWindowEndingAtTheLastInstantReadsBack(_ zone: String) throws {
        let window = Window(from: T.instant("9999-12-20T00:00:00Z"), to: PlanFormatLimits.latest)
        let plan = try Self.roundTrip(Self.daily(zone), window)
        #expect(plan.window.to == PlanFormatLimits.latest)
        #expect(!plan.fires.isEmpty)
    }

    // Zones whose year-1 offset is whole minutes (local mean time with seconds is another matter),
    // the farthest east and west of UTC among them.
    @Test(arguments: ["UTC", "Etc/GMT-14", "Etc/GMT+12"])
    func aWindowStartingAtTheFirstInstantReadsBack(_ zone: String) throws {
        let window = Window(from: PlanFormatLimits.earliest, to: T.instant("0000-01-10T00:00:00Z"))
        let plan = try Self.roundTrip(Self.daily(zone), window)
        #expect(plan.window.from == PlanFormatLimits.earliest)
    }

    @Test(arguments: [1, 86_400, 30 * 86_400, 999_999_999 * 7 * 86_400])
    func aWindowPastYear9999IsRefused(_ past: Int64) throws {
        let window = Window(from: T.instant("9999-12-15T00:00:00Z"), to: PlanFormatLimits.latest.adding(TimeSpan(seconds: past)))
        #expect { try T.compile(Self.daily("Europe/Berlin"), window) } throws: { error in
            (error as? CompileError)?.diagnostic.code == .windowOutOfRange
        }
        // The compiler keeps a day of margin inside what the reader can hold; past year 9999 the
        // reader refuses the window too (five-digit years do not fit the timestamp form).
        guard past >= 86_400 else { return }
        var plan = Plan(
            spec: SpecInfo(name: "t", sha256: String(repeating: "0", count: 64)), window: window, tzdata: "x",
            limits: PlanLimits(maxPending: 64, maxRegions: 20), triggers: [:], regions: [])
        plan.fires = []
        #expect(throws: PlanError.self) { try PlanReader.read(PlanWriter.render(plan)) }
    }

    @Test func aWindowBeforeYearZeroIsRefused() {
        let window = Window(from: PlanFormatLimits.earliest.adding(TimeSpan(seconds: -1)), to: T.instant("0000-01-10T00:00:00Z"))
        #expect { try T.compile(Self.daily("UTC"), window) } throws: { error in
            (error as? CompileError)?.diagnostic.code == .windowOutOfRange
        }
    }

    /// A payload `depth` levels deep, counting the payload object itself.
    static func payload(depth: Int) -> [String: JSONValue] {
        var value = JSONValue.number("1")
        for _ in 0..<(depth - 1) { value = .array([value]) }
        return ["x": value]
    }

    @Test func payloadsUpToTheLimitReadBackAndOnePastIsRefusedAtBothEnds() throws {
        let window = T.window("2027-01-04T00:00:00Z", "2027-01-06T00:00:00Z")
        let deepest = try Self.roundTrip(Self.daily("UTC", payload: Self.payload(depth: PlanFormatLimits.maxPayloadDepth)), window)
        #expect(deepest.triggers["t"]?.payload == Self.payload(depth: PlanFormatLimits.maxPayloadDepth))
        let tooDeep = Self.daily("UTC", payload: Self.payload(depth: PlanFormatLimits.maxPayloadDepth + 1))
        #expect { try T.compile(tooDeep, window) } throws: { error in
            (error as? CompileError)?.diagnostic.code == .nestingTooDeep
        }
        var plan = try T.compile(Self.daily("UTC"), window).plan
        plan.spec.sha256 = String(repeating: "0", count: 64)
        plan.triggers["t"]?.payload = Self.payload(depth: PlanFormatLimits.maxPayloadDepth + 1)
        #expect(throws: PlanError.self) { try PlanReader.read(PlanWriter.render(plan)) }
    }

    @Test func locationArmedWindowsCountAgainstMaxFires() throws {
        let region = Region(name: "office", latitude: 41.8827, longitude: -87.6233, radius: 150)
        var trigger = Trigger(id: "arrive", kind: .location(LocationRule(region: region, on: .enter)), timezone: "America/Chicago")
        trigger.during = During(weekdays: nil, between: (T.time("07:00"), T.time("10:00")))
        let window = T.window("2027-01-01T00:00:00Z", "2027-01-31T00:00:00Z")
        // 30 armed windows and 30 fires of a daily cron: 60 entries.
        let cron = Trigger(id: "daily", kind: .cron(T.cron("0 12 * * *")), timezone: "America/Chicago")
        let fits = try T.compile(T.schedule(trigger, cron, maxFires: 60), window)
        #expect(fits.plan.regions.first?.armed.count == 30)
        #expect(fits.plan.fires.count == 30)
        for maxFires in [59, 31, 29, 1] {
            #expect(throws: CompileError.self, "max_fires \(maxFires)") {
                try T.compile(T.schedule(trigger, cron, maxFires: maxFires), window)
            }
        }
        // Centuries of armed windows end in the error, without building them all.
        let centuries = Window(from: PlanFormatLimits.earliest, to: T.instant("9999-01-01T00:00:00Z"))
        #expect { try T.compile(T.schedule(trigger, maxFires: 1_000), centuries) } throws: { error in
            (error as? CompileError)?.diagnostic.code == .maxFiresExceeded
        }
    }
}
