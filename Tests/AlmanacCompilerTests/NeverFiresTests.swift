import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler
@testable import AlmanacModel
@testable import AlmanacSpec

/// A calendar rule is refused as never firing (E0306) exactly when expanding it over a full
/// 28-year cycle gives no fire, under every `invalid_dates` policy: a rule the check lets through
/// never compiles to nothing silently, and a rule it refuses really has no fire.
@Suite struct NeverFiresTests {
    typealias T = TestSupport

    static func randomRule(_ random: inout SplitMix) -> CalendarRule {
        func pick<E>(_ all: [E], upTo n: Int) -> [E] {
            let count = 1 + Int(random.next() % UInt64(n))
            return (0..<count).map { _ in all[Int(random.next() % UInt64(all.count))] }
        }
        let months = random.next() % 3 == 0 ? nil : Array(Set(pick(Array(1...12), upTo: 3))).sorted()
        let days =
            random.next() % 4 == 0 ? nil : Array(Set(pick(Array(-31...(-1)) + Array(1...31) + [29, 30, 31, 1, -1], upTo: 3))).sorted()
        var weekdays: [WeekdaySelector]? = nil
        if days == nil || random.next() % 2 == 0 {
            let ordinals: [Int?] = [nil, 1, 2, 4, 5, 5, -1, -5, -4]
            weekdays = pick(Array(Weekday.allCases), upTo: 2).map {
                WeekdaySelector($0, ordinal: ordinals[Int(random.next() % UInt64(ordinals.count))])
            }
        }
        return CalendarRule(months: months, days: days, weekdays: weekdays)
    }

    static func firesSomewhere(_ rule: CalendarRule, _ policy: InvalidDatePolicy) throws -> Bool {
        var trigger = Trigger(id: "c", kind: .calendar(rule), timezone: "UTC")
        trigger.invalidDates = policy
        // Expansion itself, past the check that would refuse a rule that never fires: the two are compared.
        let expansion = try Compiler(tzdataVersion: "test").prepareWithoutChecks(
            T.schedule(trigger), specSHA256: nil, window: T.window("1999-11-01T00:00:00Z", "2029-03-01T00:00:00Z"))
        var fires = 0
        _ = try expansion.run { _ in fires += 1 }
        // And the compiler's own check refuses exactly the rules expansion finds silent.
        let refused = (try? T.compile(T.schedule(trigger), T.window("1999-11-01T00:00:00Z", "2029-03-01T00:00:00Z"))) == nil
        #expect(refused == (fires == 0), "\(rule) \(policy)")
        return fires > 0
    }

    @Test func issueReproduction() throws {
        // `days: [1]` and the fifth Saturday meet only when a missing fifth Saturday moves forward
        // to the next month's first Saturday, and that is the 1st.
        let rule = CalendarRule(days: [1], weekdays: [WeekdaySelector(.saturday, ordinal: 5)])
        for policy in InvalidDatePolicy.allCases {
            #expect(CalendarFeasibility.canFire(rule, invalidDates: policy) == (policy == .forward))
            #expect(try Self.firesSomewhere(rule, policy) == (policy == .forward))
        }
    }

    @Test(arguments: 0..<6)
    func theCheckAgreesWithExpansion(_ batch: Int) throws {
        var random = SplitMix(seed: UInt64(batch) &* 0x9E37 &+ 1)
        var disagreements: [String] = []
        var never = 0
        for _ in 0..<120 {
            let rule = Self.randomRule(&random)
            for policy in InvalidDatePolicy.allCases {
                let check = CalendarFeasibility.canFire(rule, invalidDates: policy)
                let real = try Self.firesSomewhere(rule, policy)
                if !real { never += 1 }
                if check != real { disagreements.append("\(rule) \(policy): check \(check), expansion \(real)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(never > 0, "the sample should hold rules that never fire")
    }

    @Test func theMessageSuggestsOnlyPoliciesThatHelp() {
        func message(_ yaml: String) -> String? {
            let spec = "version: 1\ntimezone: UTC\ntriggers:\n  t: " + yaml + "\n"
            return SpecLoader.load(SourceFile(path: "t.yaml", bytes: Array(spec.utf8))).diagnostics.first { $0.code == .neverFires }?
                .message
        }
        // Nothing helps: no `invalid_dates` advice.
        let hopeless = message("{calendar: {days: [15], weekdays: [5sat]}, invalid_dates: backward}")
        #expect(hopeless?.contains("even with `invalid_dates: backward`") == true)
        #expect(hopeless?.contains("set `invalid_dates") == false)
        // Only `forward` helps the issue's rule, so only `forward` is named.
        let onlyForward = message("{calendar: {days: [1], weekdays: [5sat]}, invalid_dates: backward}")
        #expect(onlyForward?.contains("`invalid_dates: forward`") == true)
        #expect(onlyForward?.contains("`invalid_dates: omit`") == false)
        // February 30th: replacing the missing day helps, both ways.
        let february = message("{calendar: {months: [feb], days: [30]}}")
        #expect(february?.contains("`invalid_dates: backward`") == true)
        #expect(february?.contains("`invalid_dates: forward`") == true)
    }
}
