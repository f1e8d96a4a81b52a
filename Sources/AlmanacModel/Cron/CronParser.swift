/// Reads a Debian/Vixie cron schedule: five fields (`minute hour day-of-month month day-of-week`)
/// or one of the `@` macros. Errors are located inside the text.
public enum CronParser {
    /// The macros and the five fields each stands for (`@reboot` is refused: it is an event).
    static let macros: [(name: String, fields: String)] = [
        ("yearly", "0 0 1 1 *"), ("annually", "0 0 1 1 *"), ("monthly", "0 0 1 * *"), ("weekly", "0 0 * * 0"),
        ("daily", "0 0 * * *"), ("midnight", "0 0 * * *"), ("hourly", "0 * * * *"),
    ]

    /// The expression, or nil with the errors found (all of them, one per bad element).
    public static func parse(_ text: String) -> (CronExpression?, [SyntaxError]) {
        let t = ScalarText(text)
        let r = t.trimmed(t.whole)
        let fields = blankSeparatedWords(t, r)
        guard let first = fields.first else {
            return (
                nil,
                [
                    SyntaxError(.cronEmpty, at: r)
                ]
            )
        }
        if t[first.lowerBound] == "@" { return parseMacro(t, fields, source: text) }
        guard fields.count == 5 else { return (nil, [fieldCountError(t, fields)]) }

        var bits = SIMD8<UInt64>()
        var errors: [SyntaxError] = []
        for i in 0..<5 {
            let (b, e) = CronField.all[i].read(t, fields[i])
            bits[i] = b
            if !e.isEmpty { errors += e }
        }
        guard errors.isEmpty else { return (nil, errors) }
        // Sunday may be written 0 or 7; the model keeps it as bit 0.
        let dow = UInt8(truncatingIfNeeded: bits[4] & 0x7F) | UInt8(truncatingIfNeeded: bits[4] >> 7 & 1)
        let expression = CronExpression(
            minutes: bits[0], hours: UInt32(truncatingIfNeeded: bits[1]), daysOfMonth: UInt32(truncatingIfNeeded: bits[2]),
            months: UInt16(truncatingIfNeeded: bits[3]), daysOfWeek: dow,
            dayOfMonthStar: t[fields[2].lowerBound] == "*", dayOfWeekStar: t[fields[4].lowerBound] == "*",
            source: text)
        if let never = neverFires(expression, t, dayField: fields[2], monthField: fields[3]) { return (nil, [never]) }
        return (expression, [])
    }

    private static func parseMacro(_ t: ScalarText, _ fields: [Range<Int>], source: String) -> (CronExpression?, [SyntaxError]) {
        let word = fields[0]
        let name = t.lowercased(word.lowerBound + 1..<word.upperBound)
        if name == "reboot" {
            return (
                nil,
                [
                    SyntaxError(.cronReboot, at: word)
                ]
            )
        }
        guard let macro = macros.first(where: { $0.name == name }) else {
            let hint =
                Suggestion.closest(to: name, among: macros.map(\.name)).map { "; did you mean '@\($0)'?" }
                ?? "; write @yearly, @monthly, @weekly, @daily or @hourly"
            return (nil, [SyntaxError(.cronUnknownMacro(t.string(word), hint: hint), at: word)])
        }
        if fields.count > 1 {
            return (
                nil,
                [
                    SyntaxError(.cronMacroNotAlone(t.string(word)), at: fields[1].lowerBound..<fields.last!.upperBound)
                ]
            )
        }
        let (expression, _) = parse(macro.fields)
        return (
            expression.map { e in
                var e = e; e.source = source; return e
            }, []
        )
    }

    private static func fieldCountError(_ t: ScalarText, _ fields: [Range<Int>]) -> SyntaxError {
        let usage = "minute hour day-of-month month day-of-week"
        if fields.count < 5 {
            return SyntaxError(.cronFieldCount(usage: usage, found: fields.count), at: fields[0].lowerBound..<fields.last!.upperBound)
        }
        if let quartz = quartzError(t, fields, usage: usage) { return quartz }
        let extra = fields[5].lowerBound..<fields.last!.upperBound
        let why =
            fields.count == 6
            ? "; Debian cron has no seconds or year field, and a crontab line's command does not belong here"
            : "; a crontab line's user and command do not belong here"
        return SyntaxError(.cronFieldCount(usage: usage, found: fields.count, why: why), at: extra)
    }

    /// The Quartz (Spring, many job schedulers) form: a leading seconds field, and with 7 fields a
    /// trailing year. The caret goes on the seconds field, with the 5-field rewrite when there is one.
    private static func quartzError(_ t: ScalarText, _ fields: [Range<Int>], usage: String) -> SyntaxError? {
        guard fields.count == 6 || fields.count == 7 else { return nil }
        let words = fields.map { t.string($0) }
        // Seconds are a minute-like field; the last of six is a day of week (or Quartz's `?`).
        guard CronField.minute.read(t, fields[0]).1.isEmpty,
            looksLikeQuartzWeekdays(words[5])
        else { return nil }
        if fields.count == 7 {
            guard words[6].allSatisfy({ $0.isNumber || $0 == "*" || $0 == "-" || $0 == "," || $0 == "/" || $0 == "?" }) else { return nil }
        }
        let spring = quartzRewrite(words, quartzWeekdays: false), quartz = quartzRewrite(words, quartzWeekdays: true)
        return SyntaxError(
            .cronQuartzFields(
                usage: usage, count: fields.count, spring: spring, quartz: quartz, seconds: words[0],
                year: fields.count == 7 ? words[6] : nil),
            at: fields[0])
    }

    /// The five cron fields of a seconds-first expression, or nil when it uses what cron cannot
    /// say (`L`, `W`, `#`). With `quartzWeekdays`, weekday numbers 1 (Sunday)…7 become 0…6.
    static func quartzRewrite(_ words: [String], quartzWeekdays: Bool) -> String? {
        var five = Array(words[1...5]).map { $0 == "?" ? "*" : $0 }
        if quartzWeekdays {
            guard let weekdays = five[4] == "*" ? "*" : Self.quartzWeekdays(five[4]) else { return nil }
            five[4] = weekdays
        }
        let text = five.joined(separator: " ")
        let (expression, errors) = parse(text)
        return expression != nil && errors.isEmpty ? text : nil
    }

    /// Digits, weekday names, `L` and the marks `? * , - / #` only: not a command or a path.
    static func looksLikeQuartzWeekdays(_ field: String) -> Bool {
        let names: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "l"]
        let marks = Set("0123456789?*,-/#")
        guard field.first.map({ $0 != "/" }) ?? false, field.allSatisfy({ marks.contains($0) || $0.isLetter }) else { return false }
        let words = field.lowercased().split { marks.contains($0) }
        return words.allSatisfy { names.contains(String($0)) || ($0.hasSuffix("l") && names.contains(String($0.dropLast()))) }
    }

    /// A Quartz day-of-week field in cron numbering: names kept, numbers 1…7 moved to 0…6.
    static func quartzWeekdays(_ field: String) -> String? {
        if field.contains(where: { "LW#".contains($0) }) { return nil }
        var out = ""
        var number = ""
        var afterSlash = false
        func flush() -> Bool {
            guard !number.isEmpty else { return true }
            guard let n = Int(number) else { return false }
            if afterSlash {
                out += number
            } else {
                guard (1...7).contains(n) else { return false }
                out += String(n - 1)
            }
            number = ""
            return true
        }
        for c in field {
            if c.isNumber { number.append(c); continue }
            guard flush() else { return nil }
            afterSlash = c == "/"
            out.append(c)
        }
        guard flush() else { return nil }
        let text = ScalarText(out)
        return CronField.dayOfWeek.read(text, text.whole).1.isEmpty ? out : nil
    }

    /// The ranges of the blank-separated words of `r`.
    private static func blankSeparatedWords(_ t: ScalarText, _ r: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        words.reserveCapacity(5)
        var i = r.lowerBound
        while i < r.upperBound {
            while i < r.upperBound, t.isBlank(i) { i += 1 }
            let start = i
            while i < r.upperBound, !t.isBlank(i) { i += 1 }
            if i > start { words.append(start..<i) }
        }
        return words
    }
}
