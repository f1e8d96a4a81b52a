import AlmanacTime

extension ValueSyntax {
    /// A weekday list in one scalar: `mon`, `mon-fri` (a range may wrap: `fri-mon` = fri, sat, sun,
    /// mon), ordinals in the month `2tue`, `-1fri` (1…5, −1…−5) when `allowOrdinals`, and several of
    /// these separated by commas. Names are case-insensitive, short (`thu`) or full (`thursday`).
    /// A weekday given twice is a warning.
    public static func weekdays(_ text: String, allowOrdinals: Bool) -> ([WeekdaySelector]?, [SyntaxError]) {
        if let days = plainWeekdays(text) { return (days, []) }
        return fullWeekdays(text, allowOrdinals: allowOrdinals)
    }

    /// `weekdays` without the fast path: the reader that explains every problem.
    static func fullWeekdays(_ text: String, allowOrdinals: Bool) -> ([WeekdaySelector]?, [SyntaxError]) {
        let t = ScalarText(text)
        var result: [WeekdaySelector] = []
        var problems: [SyntaxError] = []
        for item in t.split(t.trimmed(t.whole), on: ",") {
            switch readWeekdayItem(t, item, allowOrdinals: allowOrdinals) {
            case .failure(let e): problems.append(e)
            case .success(let selectors):
                for s in selectors {
                    if result.contains(s) {
                        let name = (s.ordinal.map(String.init) ?? "") + s.weekday.shortName
                        problems.append(SyntaxError(.weekdayTwice(name), at: item))
                    } else {
                        result.append(s)
                    }
                }
            }
        }
        return (problems.contains { $0.severity == .error } ? nil : result, problems)
    }

    /// The common case read straight from the bytes: names and ranges of names (`mon`, `Tue`,
    /// `mon-fri`, `sat, sun`), each day once. Nil for anything else (ordinals, repeats, unknown
    /// names, stray characters), which the full reader then reads and explains.
    package static func plainWeekdays(_ text: String) -> [WeekdaySelector]? {
        var seen: UInt8 = 0
        var out: [WeekdaySelector] = []
        guard plainWeekdays(text, seen: &seen, { out.append(WeekdaySelector(Weekday(rawValue: $0)!)) }) else { return nil }
        return out
    }

    /// `plainWeekdays` adding to `seen` (bit n = ISO weekday n), where a day already in `seen` is
    /// a repeat; false for anything the fast reader does not read.
    package static func plainWeekdays(_ text: String, seen: inout UInt8) -> Bool {
        plainWeekdays(text, seen: &seen) { _ in }
    }

    /// Each day in the order written, as its ISO number, passed to `visit`.
    private static func plainWeekdays(_ text: String, seen: inout UInt8, _ visit: (Int) -> Void) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            var i = 0
            /// A name at `i`, moving past it.
            func name() -> Int? {
                let start = i
                while i < bytes.count, (bytes[i] | 0x20) >= 0x61, (bytes[i] | 0x20) <= 0x7A { i += 1 }
                return weekdayNumber(bytes, start..<i)
            }
            while true {
                guard let first = name() else { return false }
                var last = first
                if i < bytes.count, bytes[i] == 0x2D { // -
                    i += 1
                    guard let end = name() else { return false }
                    last = end
                }
                var w = first
                while true {
                    guard seen & (1 << w) == 0 else { return false }
                    seen |= 1 << w
                    visit(w)
                    if w == last { break }
                    w = w % 7 + 1
                }
                guard i < bytes.count else { return true }
                guard bytes[i] == 0x2C else { return false } // ,
                i += 1
                while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            }
        }
    }

    /// The ISO number of the weekday spelt (in any case, short or full) by `bytes[range]`.
    private static func weekdayNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard range.count >= 3 else { return nil }
        for (n, full) in weekdayFullNameBytes.enumerated() where range.count == 3 || range.count == full.count {
            var same = true
            for (k, b) in zip(range, full) where bytes[k] | 0x20 != b {
                same = false
                break
            }
            if same { return n + 1 }
        }
        return nil
    }

    private static let weekdayFullNameBytes = weekdayFullNames.map { Array($0.utf8) }

    /// One weekday name, case-insensitive, short or full; nil when unknown.
    static func weekday(named name: String) -> Weekday? {
        let lower = name.lowercased()
        // A static list: `Weekday(shortName:)` builds its list on every call.
        let i = KeyMatching.index(of: lower, in: weekdayShortNames) ?? KeyMatching.index(of: lower, in: weekdayFullNames)
        return i.flatMap { Weekday(rawValue: $0 + 1) }
    }

    /// Short names of the weekdays, Monday first, as `Weekday.shortName` spells them.
    static let weekdayShortNames = Weekday.allCases.map(\.shortName)

    private static func readWeekdayItem(_ t: ScalarText, _ r: Range<Int>, allowOrdinals: Bool) -> Result<[WeekdaySelector], SyntaxError> {
        guard !r.isEmpty else {
            return .failure(SyntaxError(.weekdayExpected, at: r))
        }
        // An ordinal is an optional sign and digits in front of the name.
        var i = r.lowerBound
        let signed = t[i] == "-" || t[i] == "+"
        if signed { i += 1 }
        let digits = t.digitRun(from: i)
        let ordinalRange = r.lowerBound..<digits.upperBound
        var ordinal: Int?
        if !digits.isEmpty {
            guard let n = t.number(digits), n >= 1, n <= 5 else {
                return .failure(
                    SyntaxError(.ordinalOutOfRange(t.string(ordinalRange)), at: ordinalRange))
            }
            ordinal = t[r.lowerBound] == "-" ? -n : n
        } else if signed {
            return .failure(SyntaxError(.ordinalExpected, at: ordinalRange))
        }
        let first = t.letterRun(from: digits.upperBound)
        guard let start = weekday(named: t.string(first)) else { return .failure(unknownWeekday(t, first, r)) }
        if ordinal != nil, !allowOrdinals {
            return .failure(
                SyntaxError(.ordinalNotAllowed(t.string(r), write: start.shortName), at: ordinalRange))
        }
        if first.upperBound == r.upperBound { return .success([WeekdaySelector(start, ordinal: ordinal)]) }
        guard t[first.upperBound] == "-" else {
            let rest = t.trimmed(first.upperBound..<r.upperBound)
            // `tue thu`: a space where a comma belongs; show the list as it should read.
            let words = t.string(t.trimmed(r)).split(whereSeparator: { $0 == " " || $0 == "\t" })
            let fix =
                words.count > 1 && words.allSatisfy { weekday(named: String($0)) != nil } ? ": '\(words.joined(separator: ", "))'" : ""
            return .failure(
                SyntaxError(.weekdayTrailing(quoted(t.string(rest)), after: t.string(first), fix: fix), at: rest))
        }
        if ordinal != nil {
            return .failure(
                SyntaxError(.ordinalOnRange, at: r))
        }
        let second = t.letterRun(from: first.upperBound + 1)
        guard let end = weekday(named: t.string(second)), second.upperBound == r.upperBound else {
            return .failure(unknownWeekday(t, second.isEmpty ? first.upperBound + 1..<r.upperBound : second, r))
        }
        // A range wraps past Sunday: fri-mon is fri, sat, sun, mon.
        var days: [WeekdaySelector] = []
        var w = start.rawValue
        while true {
            days.append(WeekdaySelector(Weekday(rawValue: w)!))
            if w == end.rawValue { break }
            w = w % 7 + 1
        }
        return .success(days)
    }

    private static func unknownWeekday(_ t: ScalarText, _ word: Range<Int>, _ item: Range<Int>) -> SyntaxError {
        let at = word.isEmpty ? item : word
        let text = t.string(at)
        let hint = nameHint(for: text, short: Weekday.allCases.map(\.shortName), full: weekdayFullNames)
        return SyntaxError(.weekdayUnknown(text, hint: hint), at: at)
    }
}
