/// One of the five fields of a cron expression: its bounds, its names, and how to read it
/// (Debian/Vixie semantics: lists, ranges low-to-high, `*`, steps after `*` or a range).
struct CronField: Sendable {
    let name: String
    let low: Int
    let high: Int
    /// Names for the values `low…`, lowercase (`jan` = 1, `sun` = 0).
    let names: [String]
    /// The full names, only to suggest the short one for a misspelling (`monday` → `mon`).
    let fullNames: [String]

    static let minute = CronField(name: "minute", low: 0, high: 59, names: [], fullNames: [])
    static let hour = CronField(name: "hour", low: 0, high: 23, names: [], fullNames: [])
    static let dayOfMonth = CronField(name: "day of month", low: 1, high: 31, names: [], fullNames: [])
    static let month = CronField(
        name: "month", low: 1, high: 12, names: ValueSyntax.monthNames,
        fullNames: ValueSyntax.monthFullNames)
    // 7 is Sunday too, as in Vixie cron.
    static let dayOfWeek = CronField(
        name: "day of week", low: 0, high: 7,
        names: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
        fullNames: ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"])

    static let all = [minute, hour, dayOfMonth, month, dayOfWeek]

    /// Reads the field in `r` of `t` into a bit set (bit v = value v), or the errors found.
    func read(_ t: ScalarText, _ r: Range<Int>) -> (UInt64, [SyntaxError]) {
        // Most fields are one element: no list of pieces needed.
        if t.firstIndex(of: ",", in: r) == nil {
            switch readElement(t, t.trimmed(r)) {
            case .success(let b): return (b, [])
            case .failure(let e): return (0, [e])
            }
        }
        var bits: UInt64 = 0
        var errors: [SyntaxError] = []
        for element in t.split(r, on: ",") {
            switch readElement(t, element) {
            case .success(let b): bits |= b
            case .failure(let e): errors.append(e)
            }
        }
        return (bits, errors)
    }

    private func readElement(_ t: ScalarText, _ r: Range<Int>) -> Result<UInt64, SyntaxError> {
        guard !r.isEmpty else {
            return .failure(SyntaxError(.cronEmptyListElement(field: name), at: r.lowerBound..<r.lowerBound + 1))
        }
        if let foreign = foreignSyntax(t, r) { return .failure(foreign) }
        let slash = t.firstIndex(of: "/", in: r)
        let rangePart = r.lowerBound..<(slash ?? r.upperBound)
        var from = low, to = high
        if rangePart.count == 1, t[rangePart.lowerBound] == "*" {
            // `*` is the whole field, and may take a step.
        } else {
            let dash = t.firstIndex(of: "-", in: rangePart)
            switch value(t, rangePart.lowerBound..<(dash ?? rangePart.upperBound), endOfRange: false) {
            case .failure(let e): return .failure(e)
            case .success(let v): from = v
            }
            guard let dash else {
                if let slash {
                    // The day-of-week range to write ends on Saturday (6): 7 is Sunday again, so
                    // `Mon-7/2` would add Sundays to `Mon/2`'s Monday, Wednesday, Friday.
                    let last = high == 7 ? 6 : high
                    var end = "\(last)"
                    if !names.isEmpty, t.letterRun(from: rangePart.lowerBound) == rangePart {
                        // A name ends a named range, capitalised as the start is.
                        end = names[last - low]
                        if t[rangePart.lowerBound].map({ $0.properties.isUppercase }) ?? false {
                            end = end.prefix(1).uppercased() + end.dropFirst()
                        }
                    }
                    let fixed = "\(t.string(rangePart))-\(end)\(t.string(slash..<r.upperBound))"
                    return .failure(
                        SyntaxError(.cronStepNeedsRange(fixed: fixed), at: r))
                }
                return .success(1 << UInt64(from))
            }
            switch value(t, dash + 1..<rangePart.upperBound, endOfRange: true) {
            case .failure(let e): return .failure(e)
            case .success(let v): to = v
            }
            // cronie (`entry.c`): a range that ends at 0 below its start ends at 7, which in the
            // day-of-week field is Sunday: `6-0` and `sat-sun` are Saturday and Sunday, `1-0` every day.
            if high == 7, from > to, to == 0, slash == nil { to = 7 }
            guard from <= to else {
                return .failure(
                    SyntaxError(
                        .cronReversedRange(
                            t.string(rangePart), low: t.string(dash + 1..<rangePart.upperBound), high: t.string(rangePart.lowerBound..<dash)
                        ),
                        at: rangePart))
            }
        }
        var step = 1
        if let slash {
            let digits = slash + 1..<r.upperBound
            guard t.digitRun(from: digits.lowerBound) == digits, let n = t.number(digits) else {
                let at = digits.isEmpty ? slash..<slash + 1 : digits
                return .failure(SyntaxError(.cronStepMissing(field: name), at: at))
            }
            guard n >= 1 else {
                return .failure(SyntaxError(.cronStepZero, at: digits))
            }
            step = n
        }
        var bits: UInt64 = 0
        for v in stride(from: from, through: to, by: step) { bits |= 1 << UInt64(v) }
        return .success(bits)
    }

    /// A number or name in `r`, checked against the field's bounds. A name that ends a range may be
    /// `sun` meaning 7, so `sat-sun` reads as written.
    private func value(_ t: ScalarText, _ r: Range<Int>, endOfRange: Bool) -> Result<Int, SyntaxError> {
        guard !r.isEmpty else {
            return .failure(SyntaxError(.cronExpectedNumber(field: name), at: r.lowerBound..<r.lowerBound + 1))
        }
        if t.digitRun(from: r.lowerBound) == r {
            guard let n = t.number(r), n >= low, n <= high else {
                return .failure(SyntaxError(.cronOutOfRange(field: name, value: t.string(r), low: low, high: high), at: r))
            }
            return .success(n)
        }
        let word = t.lowercased(r)
        if !names.isEmpty, t.letterRun(from: r.lowerBound) == r {
            if let i = names.firstIndex(of: word) {
                return .success(i + low)
            }
            let hint = ValueSyntax.nameHint(for: word, short: names, full: fullNames)
            return .failure(
                SyntaxError(.cronUnknownName(field: name, t.string(r), names: names, hint: hint), at: r))
        }
        let allowed = names.isEmpty ? "a number \(low)–\(high)" : "a number \(low)–\(high) or a name (\(names.first!)…\(names.last!))"
        return .failure(SyntaxError(.cronUnexpected(t.string(r), field: name, allowed: allowed), at: r))
    }

    /// Syntax from other cron dialects (Quartz, Spring), refused with what to write instead.
    private func foreignSyntax(_ t: ScalarText, _ r: Range<Int>) -> SyntaxError? {
        // Every foreign form has one of these characters (or a non-ASCII one that upper-cases to
        // them); most elements are plain numbers and `*`, which need no string built.
        guard r.contains(where: { i in t[i].map { !$0.isASCII || "?#LlWw~".unicodeScalars.contains($0) } ?? false }) else { return nil }
        let s = t.string(r)
        if s.contains("~") {
            let ends = s.split(separator: "~", omittingEmptySubsequences: false)
            return SyntaxError(
                .cronRandom(
                    s, low: ends.first.map { $0.isEmpty ? "\(low)" : String($0) } ?? "\(low)",
                    high: ends.count > 1 && !ends[1].isEmpty ? String(ends[1]) : "\(high)", field: name),
                at: r)
        }
        if s == "?" {
            return SyntaxError(.cronQuestionMark, at: r)
        }
        if s.contains("#") {
            return SyntaxError(.cronHash, at: r)
        }
        if s.uppercased() == "L" || s.uppercased().hasSuffix("L") && s.count > 1 && high == 7 || s.uppercased() == "LW" {
            return SyntaxError(.cronLast, at: r)
        }
        if high == 31, s.uppercased().hasSuffix("W"), s.count > 1, t.digitRun(from: r.lowerBound).upperBound == r.upperBound - 1 {
            return SyntaxError(.cronNearestWeekday, at: r)
        }
        return nil
    }
}
