import AlmanacModel

/// Durations of the executor's command line; instants are read by `TimeArgument.parse`.
extension TimeArgument {
    /// Seconds in every form a spec accepts for a duration (`90s`, `15m`, `2h`, `1d`, `1w`, `1h30m`,
    /// ISO 8601 `PT15M`, `P1D`: the spec's one grammar, `ValueSyntax.duration`), and, on the command
    /// line only, a fraction of a second (`0.5s`) or a bare number of seconds; nil for anything
    /// else, `inf` and `nan` included, and for more than `maximumDuration`.
    public static func duration(_ text: String) -> Double? {
        if case .success(let span) = ValueSyntax.duration(text, sign: .nonNegative) {
            let seconds = Double(span.seconds)
            return seconds <= maximumDuration ? seconds : nil
        }
        guard let seconds = anyDuration(text), seconds.isFinite, seconds <= maximumDuration else { return nil }
        return seconds
    }

    /// About 100 years: a longer duration is a mistake, and would overflow the clocks it is added to.
    public static let maximumDuration = 100 * 366 * 86_400.0

    /// The command line's own additions: fractions of a second and bare numbers.
    private static func anyDuration(_ text: String) -> Double? {
        var rest = Substring(text.lowercased())
        if rest.hasPrefix("pt") { rest = rest.dropFirst(2) } else if rest.hasPrefix("p") { return nil }
        // Plain digits only: Double also reads `inf`, `nan` and hexadecimal.
        if rest.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let plain = Double(rest), plain >= 0 { return plain }
        var total = 0.0
        var sawUnit = false
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number), let unit = rest.dropFirst(number.count).first else { return nil }
            switch unit {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86_400
            default: return nil
            }
            sawUnit = true
            rest = rest.dropFirst(number.count + 1)
        }
        return sawUnit ? total : nil
    }
}
