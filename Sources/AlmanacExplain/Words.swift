import AlmanacTime

/// The English pieces every explanation is built from: lists, ordinals, names, times, durations.
enum Words {
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
        }
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
    static func ordinal(_ n: Int) -> String {
        let tens = n % 100
        if (11...13).contains(tens) { return "\(n)th" }
        switch n % 10 {
        case 1: return "\(n)st"
        case 2: return "\(n)nd"
        case 3: return "\(n)rd"
        default: return "\(n)th"
        }
    }

    /// An ordinal counted from either end: `1st`, `last`, `2nd-to-last`.
    static func signedOrdinal(_ n: Int) -> String {
        if n > 0 { return ordinal(n) }
        if n == -1 { return "last" }
        return ordinal(-n) + "-to-last"
    }

    /// `first`, `second`, `third`, `4th`, `last`, `second-to-last`: positions in a set.
    static func spelledOrdinal(_ n: Int) -> String {
        let words = [1: "first", 2: "second", 3: "third"]
        if n > 0 { return words[n] ?? ordinal(n) }
        if n == -1 { return "last" }
        return (words[-n] ?? ordinal(-n)) + "-to-last"
    }

    /// Zero-padded two digits.
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `09:00`, or `09:00:15` when the seconds are not zero.
    static func time(_ t: LocalTime) -> String {
        let hm = "\(two(t.hour)):\(two(t.minute))"
        return t.second == 0 ? hm : hm + ":\(two(t.second))"
    }

    /// `2026-12-01 10:00`.
    static func dateTime(_ d: LocalDateTime) -> String { "\(d.date) \(time(d.time))" }

    /// `45 minutes`, `2 hours`, `1 hour 30 minutes`, `1 day` (calendar-free: a day is 24 hours).
    static func duration(_ seconds: Int64) -> String {
        let units: [(Int64, String)] = [(604_800, "week"), (86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        var rest = seconds
        var parts: [String] = []
        for (size, name) in units where rest >= size {
            let n = rest / size
            rest -= n * size
            parts.append("\(n) \(name)\(n == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }

    /// A count of things: `1 time`, `6 times`.
    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// Maximal runs of consecutive values of a sorted list.
    static func runs(_ values: [Int]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for v in values {
            if let last = out.last, last.upperBound + 1 == v {
                out[out.count - 1] = last.lowerBound...v
            } else {
                out.append(v...v)
            }
        }
        return out
    }

    /// The step of a sorted list of three or more values spaced evenly by more than one, else nil.
    static func step(_ values: [Int]) -> Int? {
        guard values.count >= 3 else { return nil }
        let s = values[1] - values[0]
        guard s > 1 else { return nil }
        for i in 1..<values.count where values[i] - values[i - 1] != s { return nil }
        return s
    }

    /// The values of a bit set within `low...high`, ascending.
    static func bits<T: FixedWidthInteger>(_ set: T, _ low: Int, _ high: Int) -> [Int] {
        (low...high).filter { set & (T(1) << T($0)) != 0 }
    }

    // MARK: Weekdays and months

    /// Weekdays (ISO numbers 1…7) as a phrase that follows a time or stands after "on":
    /// `Monday to Friday`, `on Mondays and Thursdays`, `on Monday and Wednesday to Friday`, `every day`.
    static func weekdays(_ isoDays: [Int]) -> String {
        let days = Array(Set(isoDays)).sorted()
        if days.count == 7 { return "every day" }
        let runs = runs(days)
        if runs.allSatisfy({ $0.count < 3 }) {
            return "on " + list(days.map { weekdayNames[$0 - 1] + "s" })
        }
        let items = runs.flatMap { r -> [String] in
            r.count >= 3 ? ["\(weekdayNames[r.lowerBound - 1]) to \(weekdayNames[r.upperBound - 1])"] : r.map { weekdayNames[$0 - 1] }
        }
        if items.count == 1 { return items[0] }
        return "on " + list(items)
    }

    /// Whether `weekdays(_:)` reads without "on" (a single run such as `Monday to Friday`).
    static func weekdaysStandAlone(_ phrase: String) -> Bool { !phrase.hasPrefix("on ") && phrase != "every day" }

    /// `a Monday`, `a Monday or a Friday`, `one of Monday to Friday`: what a day must be.
    static func weekdayCondition(_ isoDays: [Int]) -> String {
        let days = Array(Set(isoDays)).sorted()
        let runs = runs(days)
        if runs.count == 1, runs[0].count >= 3 {
            return "one of \(weekdayNames[runs[0].lowerBound - 1]) to \(weekdayNames[runs[0].upperBound - 1])"
        }
        return list(days.map { "a " + weekdayNames[$0 - 1] }, conjunction: "or")
    }

    /// `January and July`, `March to May`, `February, April to May and October`.
    static func months(_ months: [Int]) -> String {
        let sorted = Array(Set(months)).sorted()
        let items = runs(sorted).flatMap { r -> [String] in
            r.count >= 3 ? ["\(monthNames[r.lowerBound - 1]) to \(monthNames[r.upperBound - 1])"] : r.map { monthNames[$0 - 1] }
        }
        return list(items)
    }

    /// Days of the month, positive and from the end: `the 1st and 15th`, `the last day`,
    /// `the 1st, the 15th and the 2nd-to-last day`.
    static func monthDays(_ days: [Int]) -> String {
        let positive = Array(Set(days.filter { $0 > 0 })).sorted()
        let negative = Array(Set(days.filter { $0 < 0 })).sorted(by: >)
        let fromEnd = negative.map { "the \(signedOrdinal($0)) day" }
        if negative.isEmpty { return "the " + list(positive.map(ordinal)) }
        return list(positive.map { "the " + ordinal($0) } + fromEnd)
    }
}
