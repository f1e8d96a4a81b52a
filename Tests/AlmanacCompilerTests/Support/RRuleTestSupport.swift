import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// `19970902T090000` (RFC 5545 basic form, as the fixtures and the RFC write it) as a local date-time.
func local(_ text: String) -> LocalDateTime {
    let d = Array(text.utf8).map { Int($0) - 48 }
    func n(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + d[$1] } }
    let time = d.count > 8 ? LocalTime(hour: n(9..<11), minute: n(11..<13), second: d.count > 13 ? n(13..<15) : 0) : .midnight
    return LocalDateTime(date: CivilDate(year: n(0..<4), month: n(4..<6), day: n(6..<8)), time: time)
}

/// 09:00 on each of `days` of one month: the RFC examples' usual shape.
func nineAM(_ year: Int, _ month: Int, _ days: [Int]) -> [LocalDateTime] {
    days.map { LocalDateTime(date: CivilDate(year: year, month: month, day: $0), time: LocalTime(hour: 9, minute: 0)) }
}

/// Parses `rule` (failing the test on errors) and expands up to `limit` occurrences.
func expand(
    _ rule: String, from start: String, rdates: [String] = [], exdates: [String] = [],
    invalidDates: InvalidDatePolicy = .omit, untilOffset: Int = 0, limit: Int = 200,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [LocalDateTime] {
    let (parsed, errors) = RRuleParser.parse(rule)
    #expect(errors.filter { $0.severity == .error }.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    guard let parsed else { return [] }
    let trigger = RRuleTrigger(rule: parsed, start: local(start), rdates: rdates.map(local), exdates: exdates.map(local))
    var expander = RRuleExpander(trigger, invalidDates: invalidDates, untilOffsetSeconds: untilOffset)
    var out: [LocalDateTime] = []
    while out.count < limit, let next = expander.next() { out.append(next) }
    return out
}

/// New York's offsets in 1997–2000, for the RFC's UTC UNTIL values.
let edt = -4 * 3600
let est = -5 * 3600
