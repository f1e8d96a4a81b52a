import AlmanacPlan
import AlmanacTime

/// Durations of the executor's command line; instants are read by `TimeArgument` itself (AlmanacTime),
/// the parser both executables share.
extension TimeArgument {
    /// Seconds in `90s`, `15m`, `2h`, `1d`, `1h30m`, `0.5s`, a bare number of seconds, or ISO 8601 `PT15M`.
    public static func duration(_ text: String) -> Double? {
        var rest = Substring(text.lowercased())
        if rest.hasPrefix("pt") { rest = rest.dropFirst(2) } else if rest.hasPrefix("p") { return nil }
        if let plain = Double(rest), plain >= 0 { return plain }
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
