import AlmanacJSON
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime

/// Cron and RRULE strings. The first byte picks the syntax and a zone; the rest is the string.
/// Checks: no crash; the parser succeeds exactly when it reports no error, and every error lies
/// inside the string; then the string as a trigger in a spec validates and compiles (two weeks
/// across a DST change) with the compile target's checks.
public enum RecurrenceCheck {
    static let zones = [
        "UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Apia",
    ]
    /// 2026-03-05T00:00Z for 35 days.
    static let window = Window(
        from: Instant(secondsSinceEpoch: 1_772_668_800),
        to: Instant(secondsSinceEpoch: 1_772_668_800 + 35 * 86_400))

    public static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let isRRule = selector & 1 == 1
        let zone = zones[Int(selector >> 1) % zones.count]
        let (ok, errors) = isRRule ? parseRRule(text) : parseCron(text)
        let length = text.unicodeScalars.count
        for e in errors {
            invariant(
                e.offset >= 0 && e.length >= 0 && e.offset + e.length <= length + 1,
                "\(e.code.rawValue) '\(e.message)' at \(e.offset)+\(e.length) outside a string of \(length)")
        }
        let hasError = errors.contains { $0.severity == .error }
        invariant(ok != hasError, "parsed: \(ok), errors: \(errors.map(\.message))")

        var spec = "version: 1\ntimezone: \(zone)\ntriggers:\n  t:\n"
        spec += isRRule ? "    rrule: \(JSONWriter.quoted(text))\n    start: 2026-03-01T01:30\n" : "    cron: \(JSONWriter.quoted(text))\n"
        let result = SpecLoader.load(SourceFile(path: "fuzz.yaml", text: spec))
        guard let schedule = result.schedule else { return }
        CompileCheck.compile(schedule, window: window)
    }

    static func parseCron(_ text: String) -> (Bool, [SyntaxError]) {
        let (expression, errors) = CronParser.parse(text)
        return (expression != nil, errors)
    }

    static func parseRRule(_ text: String) -> (Bool, [SyntaxError]) {
        let (rule, errors) = RRuleParser.parse(text)
        if let rule {
            for dtstartIsDate in [false, true] { _ = RRuleParser.checkUntil(rule, dtstartIsDate: dtstartIsDate) }
        }
        return (rule != nil, errors)
    }
}
