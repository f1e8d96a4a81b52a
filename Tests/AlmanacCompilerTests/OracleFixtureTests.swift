import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacCompiler

/// Random cron and calendar triggers against cronsim, brute-force scans and python zoneinfo
/// (fixture from `scripts/oracles/cron_calendar.py`; deviations of other tools in docs/oracles.md).
@Suite struct OracleFixtureTests {
    typealias T = TestSupport

    struct Case: Decodable {
        var kind: String, zone: String, from: String, to: String, gap: String, overlap: String
        var cron: String?
        var months: [Int]?, days: [Int]?, weekdays: [[Selector]]?, invalid: String?, times: [String]?
        var fires: [String]

        /// `["tue", 2]` or `["fri", null]`.
        enum Selector: Decodable {
            case name(String), ordinal(Int?)
            init(from decoder: Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let s = try? c.decode(String.self) { self = .name(s) } else { self = .ordinal(try c.decode(Int?.self)) }
            }
        }

        var trigger: Trigger {
            let kind: TriggerKind
            if let cron {
                kind = .cron(T.cron(cron))
            } else {
                let selectors = weekdays?.map { pair -> WeekdaySelector in
                    guard case .name(let name) = pair[0], case .ordinal(let ordinal) = pair[1] else { fatalError("bad fixture") }
                    return WeekdaySelector(Weekday(shortName: name)!, ordinal: ordinal)
                }
                kind = .calendar(CalendarRule(months: months, days: days, weekdays: selectors, times: times!.map(T.time)))
            }
            return Trigger(
                id: "t", kind: kind, timezone: zone, invalidDates: InvalidDatePolicy(rawValue: invalid ?? "omit")!,
                dst: DSTPolicy(gap: GapPolicy(rawValue: gap)!, overlap: OverlapPolicy(rawValue: overlap)!))
        }
    }

    static let cases: [Case] = {
        let url = Bundle.module.url(forResource: "cron_calendar", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }()

    @Test func fixtureIsLargeAndExercisesDST() {
        #expect(Self.cases.count >= 2_000)
        let fires = Self.cases.flatMap(\.fires)
        #expect(fires.filter { $0.contains("nominal=") }.count >= 50)
        #expect(fires.filter { $0.contains("~2") }.count >= 50)
    }

    @Test(arguments: ["cron", "calendar"])
    func everyCaseMatches(kind: String) throws {
        var mismatches = 0, checked = 0
        for item in Self.cases where item.kind == kind {
            checked += 1
            let fires: [String]
            do {
                fires = try T.lines(T.compile(T.schedule(item.trigger), T.window(item.from, item.to)).plan)
            } catch let error as CompileError where error.diagnostic.code == .neverFires {
                // The compiler refuses a rule that can never fire (as `check` does): right when the
                // oracle finds no fire either.
                fires = []
            }
            if fires != item.fires {
                mismatches += 1
                if mismatches <= 3 {
                    let diff = fires.difference(from: item.fires)
                    Issue.record(
                        "\(item.cron ?? "calendar") in \(item.zone) [\(item.from), \(item.to)) \(item.gap)/\(item.overlap): \(diff)")
                }
            }
        }
        #expect(checked >= 1_000)
        #expect(mismatches == 0)
    }
}
