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
            return (nil, [SyntaxError(.cronFieldCount,
                "empty cron expression; write 5 fields (minute hour day-of-month month day-of-week) or a macro such as '@daily'", at: r)])
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
            return (nil, [SyntaxError(.cronUnknownMacro,
                "'@reboot' runs when a machine starts, an event rather than a schedule; Almanac cannot plan it", at: word)])
        }
        guard let macro = macros.first(where: { $0.name == name }) else {
            let hint = Suggestion.closest(to: name, among: macros.map(\.name)).map { "; did you mean '@\($0)'?" }
                ?? "; write @yearly, @monthly, @weekly, @daily or @hourly"
            return (nil, [SyntaxError(.cronUnknownMacro, "unknown cron macro '\(t.string(word))'\(hint)", at: word)])
        }
        if fields.count > 1 {
            return (nil, [SyntaxError(.cronFieldCount, "a macro stands alone; remove what follows '\(t.string(word))'",
                                      at: fields[1].lowerBound..<fields.last!.upperBound)])
        }
        let (expression, _) = parse(macro.fields)
        return (expression.map { e in var e = e; e.source = source; return e }, [])
    }

    private static func fieldCountError(_ t: ScalarText, _ fields: [Range<Int>]) -> SyntaxError {
        let usage = "minute hour day-of-month month day-of-week"
        if fields.count < 5 {
            return SyntaxError(.cronFieldCount,
                "expected 5 fields (\(usage)), found \(fields.count)", at: fields[0].lowerBound..<fields.last!.upperBound)
        }
        let extra = fields[5].lowerBound..<fields.last!.upperBound
        let why = fields.count == 6
            ? "; Debian cron has no seconds or year field, and a crontab line's command does not belong here"
            : "; a crontab line's user and command do not belong here"
        return SyntaxError(.cronFieldCount, "expected 5 fields (\(usage)), found \(fields.count)\(why)", at: extra)
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
