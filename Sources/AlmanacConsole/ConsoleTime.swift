import AlmanacEscaping
import AlmanacExecutor
import AlmanacTime

/// Times as the pages show them: the wall clock of the plan's zone, with the UTC instant in the
/// element's `datetime` and on hover (`<time datetime title>`). Zone tables are read once per zone
/// (1970–2100) and kept.
public final class ConsoleTime: @unchecked Sendable {
    // Guarded by `lock`.
    private var tables: [String: OffsetTable] = [:]
    private let lock = Lock()

    public init() {}

    /// The zone's offset table (UTC for a zone this machine does not know).
    func table(_ zone: String) -> OffsetTable {
        if let table = lock.withLock({ tables[zone] }) { return table }
        let table =
            OffsetTable(zone: zone, covering: Instant(secondsSinceEpoch: 0), to: Instant(secondsSinceEpoch: 4_102_444_800))
            ?? OffsetTable(identifier: "UTC", initialOffset: 0, changes: [])
        lock.withLock { tables[zone] = table }
        return table
    }

    /// `2026-11-23 09:00:00` in `zone`.
    public func local(_ moment: ConsoleMoment, zone: String) -> String {
        let instant = moment.instant
        let offset = table(zone).offset(at: instant)
        let text = RFC3339.format(LocalDateTime(wallSeconds: instant.secondsSinceEpoch + Int64(offset)), offset: offset)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(8))
    }

    /// The offset's text: `UTC−05:00` style, as `+HH:MM`.
    public func offsetText(_ moment: ConsoleMoment, zone: String) -> String {
        let offset = table(zone).offset(at: moment.instant)
        let sign = offset < 0 ? "-" : "+", a = abs(offset)
        return "\(sign)\(pad(a / 3600)):\(pad(a % 3600 / 60))"
    }

    /// `<time datetime="2026-11-23T14:00:00Z" title="2026-11-23T14:00:00Z UTC">2026-11-23 09:00:00</time>`.
    public func element(_ moment: ConsoleMoment, zone: String) -> String {
        let utc = RFC3339.format(moment.instant)
        return "<time datetime=\"\(XMLText.attribute(utc))\" title=\"\(XMLText.attribute(utc + " UTC"))\">"
            + XMLText.content(local(moment, zone: zone)) + "</time>"
    }

    /// `3 d 4 h`, `5 m 10 s`, `0.250 s`: a span as a person reads it (two units at most).
    public static func span(_ seconds: Double) -> String {
        let s = abs(seconds)
        if s < 10 { return formatFraction(s) + " s" }
        let whole = Int64(s.rounded(.down))
        let units: [(Int64, String)] = [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")]
        var parts: [String] = [], rest = whole
        for (size, name) in units where rest >= size || !parts.isEmpty {
            if parts.count == 2 { break }
            parts.append("\(rest / size) \(name)")
            rest %= size
        }
        return parts.joined(separator: " ")
    }

    /// Three decimals, without Foundation's locale.
    static func formatFraction(_ s: Double) -> String {
        let thousandths = Int64((abs(s) * 1000).rounded())
        let frac = thousandths % 1000
        return (s < 0 ? "-" : "") + "\(thousandths / 1000)." + String(repeating: "0", count: frac < 10 ? 2 : frac < 100 ? 1 : 0) + "\(frac)"
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
