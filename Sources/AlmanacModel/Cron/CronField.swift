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
            return .failure(SyntaxError(.cronSyntax, "empty list element in the \(name) field", at: r.lowerBound..<r.lowerBound + 1))
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
                    let fixed = "\(t.string(rangePart))-\(high)\(t.string(slash..<r.upperBound))"
                    return .failure(
                        SyntaxError(
                            .cronInvalidStep,
                            "a step needs a range or '*' in Debian cron; write '\(fixed)'", at: r))
                }
                return .success(1 << UInt64(from))
            }
            switch value(t, dash + 1..<rangePart.upperBound, endOfRange: true) {
            case .failure(let e): return .failure(e)
            case .success(let v): to = v
            }
            guard from <= to else {
                return .failure(
                    SyntaxError(
                        .cronReversedRange,
                        "the range '\(t.string(rangePart))' runs backwards; cron ranges go from low to high, e.g. '\(t.string(dash + 1..<rangePart.upperBound))-\(t.string(rangePart.lowerBound..<dash))'",
                        at: rangePart))
            }
        }
        var step = 1
        if let slash {
            let digits = slash + 1..<r.upperBound
            guard t.digitRun(from: digits.lowerBound) == digits, let n = t.number(digits) else {
                let at = digits.isEmpty ? slash..<slash + 1 : digits
                return .failure(SyntaxError(.cronInvalidStep, "expected a step number after '/' in the \(name) field, e.g. '*/15'", at: at))
            }
            guard n >= 1 else {
                return .failure(SyntaxError(.cronInvalidStep, "a step of 0 never advances; use 1 or more", at: digits))
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
            return .failure(SyntaxError(.cronSyntax, "expected a number in the \(name) field", at: r.lowerBound..<r.lowerBound + 1))
        }
        if t.digitRun(from: r.lowerBound) == r {
            guard let n = t.number(r), n >= low, n <= high else {
                return .failure(SyntaxError(.cronOutOfRange, "\(name) \(t.string(r)) is out of range \(low)–\(high)", at: r))
            }
            return .success(n)
        }
        let word = t.lowercased(r)
        if !names.isEmpty, t.letterRun(from: r.lowerBound) == r {
            if let i = names.firstIndex(of: word) {
                return .success(endOfRange && i == 0 && high == 7 ? 7 : i + low)
            }
            let hint = ValueSyntax.nameHint(for: word, short: names, full: fullNames)
            return .failure(
                SyntaxError(
                    .cronUnknownName,
                    "unknown \(name) name '\(t.string(r))'\(hint.isEmpty ? "; write \(names.first!)…\(names.last!) or a number" : hint)",
                    at: r))
        }
        let allowed = names.isEmpty ? "a number \(low)–\(high)" : "a number \(low)–\(high) or a name (\(names.first!)…\(names.last!))"
        return .failure(SyntaxError(.cronSyntax, "unexpected '\(t.string(r))' in the \(name) field; expected \(allowed)", at: r))
    }

    /// Syntax from other cron dialects (Quartz, Spring), refused with what to write instead.
    private func foreignSyntax(_ t: ScalarText, _ r: Range<Int>) -> SyntaxError? {
        // Every foreign form has one of these characters (or a non-ASCII one that upper-cases to
        // them); most elements are plain numbers and `*`, which need no string built.
        guard r.contains(where: { i in t[i].map { !$0.isASCII || "?#LlWw".unicodeScalars.contains($0) } ?? false }) else { return nil }
        let s = t.string(r)
        if s == "?" {
            return SyntaxError(.cronSyntax, "'?' is Quartz syntax, not Debian cron; write '*'", at: r)
        }
        if s.contains("#") {
            return SyntaxError(
                .cronSyntax,
                "'#' (n-th weekday) is not Debian cron; use a calendar trigger with weekdays such as '2tue'", at: r)
        }
        if s.uppercased() == "L" || s.uppercased().hasSuffix("L") && s.count > 1 && high == 7 || s.uppercased() == "LW" {
            return SyntaxError(
                .cronSyntax,
                "'L' (last) is not Debian cron; use a calendar trigger with days: [-1] or weekdays such as '-1fri'", at: r)
        }
        if high == 31, s.uppercased().hasSuffix("W"), s.count > 1, t.digitRun(from: r.lowerBound).upperBound == r.upperBound - 1 {
            return SyntaxError(.cronSyntax, "'W' (nearest weekday) is not Debian cron", at: r)
        }
        return nil
    }
}
