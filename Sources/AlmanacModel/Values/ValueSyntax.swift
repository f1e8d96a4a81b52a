import AlmanacTime

/// The string syntaxes of the spec language's values: times, dates, date-times, instants, durations,
/// weekday and month lists, ranged integers. Each function takes one scalar's text and returns the
/// typed value or `SyntaxError`s located inside that text; the validator turns them into diagnostics.
///
/// Single values return `Result`; lists return the value together with any warnings (a list may
/// parse with warnings, e.g. a weekday written twice), the value being nil when an error was found.
public enum ValueSyntax {
    /// Names of the months, January first, as the spec and cron write them.
    package static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let monthFullNames = [
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december",
    ]
    static let monthDisplayNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]
    /// Names of the weekdays, Monday first (ISO order).
    static let weekdayFullNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A did-you-mean hint for a misspelt name: candidates are the short names and the full names,
    /// and a full-name match is shown as its short name (`thurs` → `thu`).
    static func nameHint(for word: String, short: [String], full: [String]) -> String {
        guard let match = Suggestion.closest(to: word, among: short + full) else { return "" }
        let shown = full.firstIndex(of: match).map { short[$0] } ?? match
        return "; did you mean '\(shown)'?"
    }

    /// The text shown in a message: the user's own, quoted, shortened when very long.
    static func quoted(_ text: String) -> String {
        let limit = 40
        let s = text.unicodeScalars.count > limit ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…" : text
        return "'\(s)'"
    }
}

extension Result {
    /// The success value, or nil.
    var value: Success? {
        if case .success(let v) = self { return v }
        return nil
    }

    /// The failure, or nil.
    var error: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
