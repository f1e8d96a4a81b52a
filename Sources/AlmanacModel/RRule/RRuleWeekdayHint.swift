/// Did-you-mean for the weekday tokens of an RRULE (BYDAY, WKST): the two-letter code people mean
/// when they write an English name or abbreviation (`TUE`, `Thurs`, `monday`), else the code
/// closest by edit distance. Edit distance alone misreads abbreviations: `TUE` is one edit from both
/// `TU` and `WE`, `THU` from both `TH` and `TU`.
enum RRuleWeekdayHint {
    static let names = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]

    /// `"; did you mean 'TU'?"` for `TUE`, `"; did you mean '2TU'?"` for `2TUE`, or the empty string.
    static func hint(for element: String) -> String {
        suggestion(for: element).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// `element` with its weekday as RRULE writes it, its ordinal (`2`, `-1`, `+3`) kept; nil when no
    /// weekday is close.
    static func suggestion(for element: String) -> String? {
        let scalars = Array(element.unicodeScalars)
        var split = 0
        if split < scalars.count, scalars[split] == "+" || scalars[split] == "-" { split += 1 }
        while split < scalars.count, ("0"..."9").contains(scalars[split]) { split += 1 }
        // A sign with no digits belongs to the word.
        if split == 1 && !("0"..."9").contains(scalars.first!) { split = 0 }
        let ordinal = String(String.UnicodeScalarView(scalars[..<split]))
        let word = String(String.UnicodeScalarView(scalars[split...])).uppercased()
        guard !word.isEmpty else { return nil }
        let codes = RRulePartReader.weekdayCodes
        if word.count >= 2, word.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            // A prefix of one name: `TUE`, `THURS`; `T` and `S` alone name two days and are left to distance.
            let named = names.indices.filter { names[$0].hasPrefix(word) }
            if named.count == 1 { return ordinal + codes[named[0]] }
            // A known abbreviation that is no prefix: `THUR` is, `TUES` is, `WEDS` is not.
            if word == "WEDS" { return ordinal + "WE" }
        }
        return Suggestion.closest(to: word, among: codes).map { ordinal + $0 }
    }
}
