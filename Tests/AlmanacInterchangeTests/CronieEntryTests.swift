import AlmanacModel
import AlmanacTestSupport
import Foundation
import Testing

/// Almanac's `cron:` reads a line as cronie reads it: `Fixtures/cronie-entry.tsv` holds cronie's own
/// parser's verdict (src/entry.c, compiled from a fetched copy; `Fixtures/cronie-entry.md`) on 361
/// job lines — the classes of issue #25 (`Sun-Sun`, `6-0`, `1-0`, `Mon/2`, `0~30`) and 300 random
/// lines — as enabled values per field and the star flags that choose the day rule.
@Suite struct CronieEntryTests {
    struct Line: Sendable {
        var fields: String
        var accepted: Bool
        var bits: [String]
        var flags: String
    }

    static let lines: [Line] = {
        let path = Golden.repositoryRoot + "/Tests/AlmanacInterchangeTests/Fixtures/cronie-entry.tsv"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Line(fields: f[0], accepted: f[1] == "accept", bits: Array(f.dropFirst(2).prefix(5)), flags: f.count > 7 ? f[7] : "")
        }
    }()

    /// What Almanac refuses on purpose although cronie reads it (docs/import.md): `@reboot` (an event,
    /// not a schedule); a random `~` value
    /// (cronie draws it at each load, no file says which); a range ending in 0 below its start outside
    /// the day of week (cronie reads `5-0` minutes as 5, 6, 7: its Sunday rule leaking); such a range
    /// with a step anywhere (cronie reads `6-0/1` as no day at all: the job never runs).
    static func refusedOnPurpose(_ fields: String) -> Bool {
        if fields.contains("~") || fields == "@reboot" { return true }
        let words = fields.split(separator: " ")
        guard words.count == 5 else { return false }
        let wrapped = #"^[1-9][0-9]*-0$"#, wrappedStep = #"^[1-9][0-9]*-0/[0-9]+$"#
        return words.prefix(4).contains { $0.range(of: wrapped, options: .regularExpression) != nil }
            || words.contains { $0.range(of: wrappedStep, options: .regularExpression) != nil }
    }

    static func bits<T: BinaryInteger>(_ value: T, _ lo: Int, _ hi: Int) -> String {
        String((lo...hi).map { value & (T(1) << T($0)) != 0 ? "1" : "0" })
    }

    @Test func everyLineAsCronieReadsIt() throws {
        try #require(Self.lines.count > 300)
        var compared = 0
        for line in Self.lines {
            let (expression, errors) = CronParser.parse(line.fields)
            if Self.refusedOnPurpose(line.fields) {
                #expect(expression == nil, "'\(line.fields)' is refused on purpose")
                if line.fields.contains("~") { #expect(errors.contains { $0.message.contains("random") }, "\(errors.map(\.message))") }
                continue
            }
            guard line.accepted else {
                #expect(expression == nil, "cronie refuses '\(line.fields)'; Almanac reads it")
                continue
            }
            // cronie takes a backwards range (`5-3`) and enables nothing in its field: the job never
            // runs. Almanac refuses it at the range rather than write a trigger that never fires.
            if line.bits.contains(where: { !$0.contains("1") }) {
                #expect(expression == nil, "cronie reads '\(line.fields)' as a job that never runs; Almanac reads it")
                continue
            }
            let e = try #require(expression, "cronie reads '\(line.fields)'; Almanac refuses: \(errors.map(\.message))")
            // cronie keeps Sunday as 0 and 7; Almanac folds it into 0.
            let cronieWeekdays = line.bits[4]
            let sunday = cronieWeekdays.first == "1" || cronieWeekdays.last == "1"
            let weekdays = (sunday ? "1" : "0") + cronieWeekdays.dropFirst().dropLast()
            #expect(Self.bits(e.minutes, 0, 59) == line.bits[0], "\(line.fields) minutes")
            #expect(Self.bits(e.hours, 0, 23) == line.bits[1], "\(line.fields) hours")
            #expect(Self.bits(e.daysOfMonth, 1, 31) == line.bits[2], "\(line.fields) days")
            #expect(Self.bits(e.months, 1, 12) == line.bits[3], "\(line.fields) months")
            #expect(Self.bits(e.daysOfWeek, 0, 6) == weekdays, "\(line.fields) weekdays")
            #expect(
                e.dayOfMonthStar == line.flags.contains("D") && e.dayOfWeekStar == line.flags.contains("W") || line.fields.hasPrefix("@"),
                "\(line.fields): star flags \(line.flags)")
            compared += 1
        }
        #expect(compared > 250)
    }

    @Test func aStepWithoutARangeSuggestsOneWithoutSunday() {
        let (_, errors) = CronParser.parse("0 0 * * Mon/2")
        #expect(errors.first?.message.contains("Mon-Sat/2") == true, "\(errors.map(\.message))")
        let (fixed, _) = CronParser.parse("0 0 * * Mon-Sat/2")
        #expect(fixed.map { Self.bits($0.daysOfWeek, 0, 6) } == "0101010")
    }
}
