import AlmanacModel

/// The components of a systemd calendar event as systemd 252 accepts them (see
/// `SystemdCalendarEvent`): values and ranges, repetitions that repeat inside the field, no `*` in
/// a list, no `*/r`.
enum SystemdComponent {
    /// `*`, `5`, `1,15`, `9..17`, `0/15`, `1..10/3` as sorted values within `range`; nil when
    /// systemd refuses the text.
    static func values(_ text: String, _ range: ClosedRange<Int>) -> [Int]? {
        if text == "*" { return Array(range) }
        var set = Set<Int>()
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let values = item(String(piece), range) else { return nil }
            set.formUnion(values)
        }
        return set.isEmpty ? nil : set.sorted()
    }

    private static func item(_ text: String, _ range: ClosedRange<Int>) -> [Int]? {
        let slash = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard slash.count <= 2, !slash[0].isEmpty, slash[0] != "*" else { return nil }
        let ends = slash[0].components(separatedBy: "..")
        guard ends.count <= 2, let a = number(ends[0]), let b = number(ends.last!), range.contains(a), range.contains(b), a <= b else {
            return nil
        }
        guard slash.count == 2 else { return Array(a...b) }
        guard let step = number(slash[1]), step > 0 else { return nil }
        // A lone start with a repetition must repeat at least once within the field (`20/4` hours,
        // `00/60` minutes and `30/2` days are refused by systemd 252).
        if ends.count == 1 && a + step > range.upperBound { return nil }
        return Array(stride(from: a, through: ends.count == 2 ? b : range.upperBound, by: step))
    }

    /// Seconds: as `values`, where a number may carry a fraction of zeros (`1.0`) and a range may end
    /// in any fraction (`1.0..3.8` is 1, 2 and 3). systemd steps a seconds range by a second and
    /// refuses one shorter than that (`01..01`, `2.5..3`). Other fractions have no Almanac equivalent.
    static func seconds(_ text: String) -> Result<[Int], ImportRefusal> {
        let syntax = ImportRefusal(message: .importSystemdSyntax("seconds '\(text)' (a range of seconds spans at least one second)"))
        let fraction = ImportRefusal(message: .importSystemdNotExpressible("a fraction of a second"))
        var whole: [String] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let slash = item.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let ends = slash[0].components(separatedBy: "..")
            if ends.count == 2, let a = Double(ends[0]), let b = Double(ends[1]), b - a < 1 { return .failure(syntax) }
            guard !item.replacingOccurrences(of: "..", with: "").contains(".") else {
                // A fraction: only whole starts without a repetition are exact.
                guard slash.count == 1, ends.count <= 2 else { return .failure(fraction) }
                let start = ends[0].split(separator: ".", maxSplits: 1)
                guard start.count == 1 || start[1].allSatisfy({ $0 == "0" }) else { return .failure(fraction) }
                var out = String(start[0])
                // The range steps a second from its start, so the end's fraction only cuts it.
                if ends.count == 2 { out += ".." + (ends[1].split(separator: ".", maxSplits: 1).first.map(String.init) ?? "") }
                whole.append(out)
                continue
            }
            whole.append(String(item))
        }
        return values(whole.joined(separator: ","), 0...59).map { .success($0) }
            ?? .failure(ImportRefusal(message: .importSystemdSyntax("seconds '\(text)'")))
    }

    /// Decimal digits only (leading zeros allowed).
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// The date of a calendar event: `[year-]month-day` or `[year-]month~day`.
struct SystemdDate {
    var years: ClosedRange<Int>?
    var months: [Int]
    /// 1…31, or -1…-28 counted from the month's end.
    var days: [Int]

    static func read(_ text: String) -> Result<SystemdDate, ImportRefusal> {
        var head = text
        let dayPart: String
        let fromEnd = text.contains("~")
        if let tilde = text.firstIndex(of: "~") {
            dayPart = String(text[text.index(after: tilde)...])
            head = String(text[..<tilde])
        } else {
            guard let dash = text.lastIndex(of: "-") else {
                return .failure(ImportRefusal(message: .importSystemdSyntax("'\(text)' is not a date")))
            }
            dayPart = String(text[text.index(after: dash)...])
            head = String(text[..<dash])
        }
        let parts = head.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count == 2 else {
            return .failure(ImportRefusal(message: .importSystemdSyntax("'\(text)' is not a date")))
        }
        // Years: one run of them (`2026`, `93..00` = 1993–2000, `2026..2027`) bounds the rule; a
        // two-digit year is 19xx from 70, else 20xx, as systemd reads it.
        var years: ClosedRange<Int>?
        if parts.count == 2 && parts[0] != "*" {
            let written = parts[0].components(separatedBy: "..")
            func year(_ t: String) -> Int? {
                guard let n = SystemdComponent.number(t), t.count == 2 || t.count == 4 else { return nil }
                return t.count == 4 ? n : n < 70 ? 2000 + n : 1900 + n
            }
            guard !parts[0].contains(","), !parts[0].contains("/"), written.count <= 2, let a = year(written[0]),
                let b = year(written.last!),
                (1970...2199).contains(a), (1970...2199).contains(b), a <= b
            else {
                return .failure(ImportRefusal(message: .importSystemdNotExpressible("a set of years that is not one run ('\(parts[0])')")))
            }
            years = a...b
        }
        guard let months = SystemdComponent.values(parts.last!, 1...12) else {
            return .failure(ImportRefusal(message: .importSystemdSyntax("months '\(parts.last!)'")))
        }
        guard fromEnd else {
            guard let days = SystemdComponent.values(dayPart, 1...31) else {
                return .failure(ImportRefusal(message: .importSystemdSyntax("days '\(dayPart)'")))
            }
            return .success(SystemdDate(years: years, months: months, days: days.count == 31 ? [] : days))
        }
        // `~N`: the N-th day from the end, N ≤ 28; `~a..b` and `~a/r` (a, a−r, … ≥ 1, repeating at
        // least once) as systemd 252 reads them; `~*` is every day.
        if dayPart == "*" { return .success(SystemdDate(years: years, months: months, days: [])) }
        var set = Set<Int>()
        for item in dayPart.split(separator: ",", omittingEmptySubsequences: false) {
            let slash = item.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let ends = slash[0].components(separatedBy: "..")
            guard slash.count <= 2, ends.count <= 2, let a = SystemdComponent.number(ends[0]), let b = SystemdComponent.number(ends.last!),
                (1...28).contains(a), (1...28).contains(b), a <= b
            else {
                return .failure(ImportRefusal(message: .importSystemdSyntax("days from the month's end '\(dayPart)' (each at most 28)")))
            }
            if slash.count == 2 {
                guard ends.count == 1, let step = SystemdComponent.number(slash[1]), step > 0, a - step >= 1 else {
                    return .failure(ImportRefusal(message: .importSystemdSyntax("days from the month's end '\(dayPart)'")))
                }
                set.formUnion(stride(from: a, through: 1, by: -step))
            } else {
                set.formUnion(a...b)
            }
        }
        return .success(SystemdDate(years: years, months: months, days: set.sorted().map { -$0 }))
    }
}
