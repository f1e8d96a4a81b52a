import AlmanacModel
import AlmanacTime

/// The listing `almanac next` prints: each trigger that fires explained, then a table of the fires
/// (local time, UTC, trigger, how far away). Deterministic: "how far" counts from an instant handed in.
public enum NextListing {
    /// What the listing reads of a fire. The plan's `Fire` conforms where it is listed (`almanac
    /// next`): AlmanacExplain does not depend on AlmanacPlan, so the code generator's plugin tool,
    /// which uses the explainer, does not build the plan module a second time for the host
    /// (scripts/ci/typed-ids.sh counts the modules an app builds twice).
    public protocol Listed {
        var at: Instant { get }
        var local: LocalDateTime { get }
        var offset: Int { get }
        var trigger: String { get }
    }

    /// The header, then the table of `fires`, each measured from `now`.
    public static func text(_ fires: [some Listed], schedule: Schedule, now: Instant) -> String {
        header(fires, schedule: schedule) + table(fires, now: now)
    }

    /// One line per trigger in the table, in the order they first fire: `id: sentence` (`almanac
    /// explain`), then a blank line; nothing when there are no fires.
    public static func header(_ fires: [some Listed], schedule: Schedule) -> String {
        var seen: Set<String> = []
        let ids = fires.map(\.trigger).filter { seen.insert($0).inserted }
        guard !ids.isEmpty else { return "" }
        let byID = Dictionary(schedule.triggers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return Explainer.text(ids.compactMap { byID[$0].map(Explainer.explain) }) + "\n"
    }

    /// `LOCAL  UTC  TRIGGER  WHEN`, columns padded to their widest cell (the last one is not padded).
    public static func table(_ fires: [some Listed], now: Instant) -> String {
        guard !fires.isEmpty else { return "no upcoming fires\n" }
        var rows = [["LOCAL", "UTC", "TRIGGER", "WHEN"]]
        for fire in fires {
            // The offset after the 19 characters of the wall time: `-05:00`, or `-00:25:21` with seconds.
            let stamp = RFC3339.format(fire.local, offset: fire.offset)
            let local = "\(fire.local.date.weekday.shortName.capitalized) \(fire.local.date) \(fire.local.time) \(stamp.dropFirst(19))"
            rows.append([local, fire.at.description, fire.trigger, relative(fire.at, from: now)])
        }
        let widths = (0..<4).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in c == 3 ? cell : cell + String(repeating: " ", count: widths[c] - cell.count) }
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `in 2 d 3 h`, `in 5 min`, `3 h ago`: the largest unit and the next one when it is not zero
    /// (seconds alone under a minute).
    public static func relative(_ at: Instant, from now: Instant) -> String {
        let delta = at.secondsSinceEpoch - now.secondsSinceEpoch
        let s = abs(delta)
        let text: String
        switch s {
        case ..<60: text = "\(s) s"
        case ..<3600: text = "\(s / 60) min"
        case ..<86_400: text = "\(s / 3600) h" + (s % 3600 >= 60 ? " \((s % 3600) / 60) min" : "")
        default: text = "\(s / 86_400) d" + (s % 86_400 >= 3600 ? " \((s % 86_400) / 3600) h" : "")
        }
        return delta >= 0 ? "in " + text : text + " ago"
    }
}
