import AlmanacTime

/// Reads the `NAME=VALUE` parts of one RRULE one by one, keeping each value, where each part was
/// written (for the checks between parts), and the errors found.
struct RRulePartReader {
    let text: ScalarText
    var errors: [SyntaxError] = []
    /// The whole `NAME=VALUE` range of each part read, by upper-case name.
    var partRanges: [String: Range<Int>] = [:]
    /// Each BYDAY element's range, in order, for errors about ordinals.
    var byDayRanges: [Range<Int>] = []
    var sawFreq = false

    var freq: RRule.Frequency?
    private var interval = 1
    private var count: Int?
    private var until: RRule.Until?
    private var lists: [String: [Int]] = [:]
    private var byDay: [WeekdaySelector] = []
    private var weekStart = Weekday.monday

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// The integer lists and their allowed magnitudes; zero is refused where RFC 5545 refuses it.
    private static let listBounds: [String: (range: ClosedRange<Int>, zeroAllowed: Bool, what: String)] = [
        "BYSECOND": (0...59, true, "second"), "BYMINUTE": (0...59, true, "minute"), "BYHOUR": (0...23, true, "hour"),
        "BYMONTHDAY": (-31...31, false, "day of month"), "BYYEARDAY": (-366...366, false, "day of year"),
        "BYWEEKNO": (-53...53, false, "week number"), "BYMONTH": (1...12, true, "month"),
        "BYSETPOS": (-366...366, false, "position"),
    ]

    init(text: ScalarText) { self.text = text }

    mutating func read(part: Range<Int>) {
        let t = text
        guard let eq = t.firstIndex(of: "=", in: part) else {
            let name = t.string(t.trimmed(part))
            let fix = RRuleParser.partNames.contains(name.uppercased()) ? "; give \(name) a value (\(name)=…) or remove it" : ""
            errors.append(SyntaxError(.rruleNotNameValue(found: ValueSyntax.quoted(t.string(part)), fix: fix), at: part))
            return
        }
        let nameRange = t.trimmed(part.lowerBound..<eq)
        let name = t.string(nameRange).uppercased()
        let value = t.trimmed(eq + 1..<part.upperBound)
        guard RRuleParser.partNames.contains(name) else {
            errors.append(unknownPart(name, at: nameRange.isEmpty ? part : nameRange))
            return
        }
        if name == "FREQ" { sawFreq = true }
        if partRanges[name] != nil {
            errors.append(SyntaxError(.rruleDuplicatePart(name), at: part))
            return
        }
        partRanges[name] = part
        guard !value.isEmpty else {
            errors.append(SyntaxError(.rruleNoValue(name), at: part))
            return
        }
        switch name {
        case "FREQ": readFreq(value)
        case "INTERVAL": interval = positive(value, name) ?? interval
        case "COUNT": count = positive(value, name)
        case "UNTIL": until = readUntil(value)
        case "BYDAY": byDay = readByDay(value)
        case "WKST": readWeekStart(value)
        default: lists[name] = readList(value, name)
        }
    }

    /// Copies what was read into `rule`.
    func apply(to rule: inout RRule) {
        rule.interval = interval
        rule.count = count
        rule.until = until
        rule.bySecond = lists["BYSECOND"] ?? []
        rule.byMinute = lists["BYMINUTE"] ?? []
        rule.byHour = lists["BYHOUR"] ?? []
        rule.byDay = byDay
        rule.byMonthDay = lists["BYMONTHDAY"] ?? []
        rule.byYearDay = lists["BYYEARDAY"] ?? []
        rule.byWeekNo = lists["BYWEEKNO"] ?? []
        rule.byMonth = lists["BYMONTH"] ?? []
        rule.bySetPos = lists["BYSETPOS"] ?? []
        rule.weekStart = weekStart
    }

    private func unknownPart(_ name: String, at range: Range<Int>) -> SyntaxError {
        switch name {
        case "SKIP":
            return SyntaxError(.rruleSkip, at: range)
        case "RSCALE":
            return SyntaxError(.rruleRScale, at: range)
        case "DTSTART", "TZID":
            return SyntaxError(.rruleNotAPart(name), at: range)
        default:
            let hint = Suggestion.hint(for: name, among: RRuleParser.partNames)
            return SyntaxError(.rruleUnknownPart(text.string(range), parts: RRuleParser.partNames, hint: hint), at: range)
        }
    }

    private mutating func readFreq(_ r: Range<Int>) {
        let word = text.string(r).uppercased()
        if let f = RRule.Frequency(rawValue: word) {
            freq = f
            return
        }
        let hint = Suggestion.hint(for: word, among: RRule.Frequency.allCases.map(\.rawValue))
        errors.append(
            SyntaxError(.rruleUnknownFreq(text.string(r), hint: hint), at: r))
    }

    private mutating func positive(_ r: Range<Int>, _ name: String) -> Int? {
        guard text.digitRun(from: r.lowerBound) == r, let n = text.number(r), n >= 1 else {
            errors.append(
                SyntaxError(.rruleNotAPositiveNumber(name, found: ValueSyntax.quoted(text.string(r))), at: r))
            return nil
        }
        return n
    }

    private mutating func readWeekStart(_ r: Range<Int>) {
        if let i = Self.weekdayCodes.firstIndex(of: text.string(r).uppercased()) {
            weekStart = Weekday(rawValue: i + 1)!
        } else {
            errors.append(
                SyntaxError(.rruleWeekStart(hint: RRuleWeekdayHint.hint(for: text.string(r))), at: r))
        }
    }

    private mutating func readList(_ r: Range<Int>, _ name: String) -> [Int] {
        let bounds = Self.listBounds[name]!
        var values: [Int] = []
        for element in text.split(r, on: ",") {
            let n = ValueSyntax.integer(text.string(element), in: bounds.range, what: bounds.what)
            switch n {
            case .success(let v) where v != 0 || bounds.zeroAllowed:
                if !values.contains(v) { values.append(v) }
            case .success:
                errors.append(SyntaxError(.rruleZero(name), at: element))
            case .failure(let e):
                let message =
                    e.code == .outOfRange
                    ? DiagnosticMessage.rruleOutOfRange(e)
                    : .rruleNotIntegers(name, found: element.isEmpty ? "nothing" : ValueSyntax.quoted(text.string(element)))
                errors.append(SyntaxError(message, at: element.isEmpty ? element.lowerBound..<element.lowerBound + 1 : element))
            }
        }
        return values
    }

    private mutating func readByDay(_ r: Range<Int>) -> [WeekdaySelector] {
        var days: [WeekdaySelector] = []
        for element in text.split(r, on: ",") {
            let code = element.count >= 2 ? element.upperBound - 2..<element.upperBound : element
            let ordinalText = text.string(element.lowerBound..<code.lowerBound)
            guard let w = Self.weekdayCodes.firstIndex(of: text.string(code).uppercased()) else {
                let hint = RRuleWeekdayHint.hint(for: text.string(element))
                errors.append(
                    SyntaxError(
                        .rruleByDay(found: ValueSyntax.quoted(text.string(element)), hint: hint),
                        at: element.isEmpty ? element.lowerBound..<element.lowerBound + 1 : element))
                continue
            }
            var ordinal: Int?
            if !ordinalText.isEmpty {
                guard let n = Int(ordinalText), n != 0, (-53...53).contains(n) else {
                    errors.append(SyntaxError(.rruleByDayOrdinal(ordinalText), at: element))
                    continue
                }
                ordinal = n
            }
            let selector = WeekdaySelector(Weekday(rawValue: w + 1)!, ordinal: ordinal)
            if !days.contains(selector) {
                days.append(selector)
                byDayRanges.append(element)
            }
        }
        return days
    }

    private mutating func readUntil(_ r: Range<Int>) -> RRule.Until? {
        switch RRuleUntilSyntax.read(text, r) {
        case .success(let u): return u
        case .failure(let e):
            errors.append(e)
            return nil
        }
    }
}
