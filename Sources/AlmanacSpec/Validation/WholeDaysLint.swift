import AlmanacModel
import AlmanacTime
import Foundation

extension SpecValidator {
    /// The `wholeDaysDrift` warning: `every` a whole number of days counts elapsed time, so in a
    /// zone that changes its clocks its fires move an hour on the wall clock at each change. An
    /// `anchor` written as an instant (with `Z` or an offset) says elapsed time is meant.
    mutating func lintWholeDays(_ interval: TimeSpan, _ node: YAMLNode, anchor: YAMLNode?, zone: String?) {
        guard interval.seconds > 0, interval.seconds % 86_400 == 0, let zone, let tz = TimeZone(identifier: zone),
            Self.changesClocks(tz)
        else { return }
        var wall = LocalDateTime(wallSeconds: Int64(tz.secondsFromGMT(for: Date(timeIntervalSince1970: 0))))
        if let anchor, let text = anchor.scalar, case .success(let bound) = ValueSyntax.bound(text) {
            switch bound {
            case .instant: return
            case .local(let l): wall = l
            case .date(let d): wall = LocalDateTime(date: d, time: .midnight)
            }
        }
        let days = interval.seconds / 86_400
        let time = "hours: \(wall.time.hour), minutes: \(wall.time.minute)"
        let rewrite: String
        switch days {
        case 1: rewrite = "`calendar: {\(time)}`"
        case 7: rewrite = "`calendar: {weekdays: [\(wall.date.weekday.shortName)], \(time)}`"
        default: rewrite = "`rrule: \"FREQ=DAILY;INTERVAL=\(days)\"` with `start: \(wall)`"
        }
        diagnostics.emit(
            Diagnostic(
                .wholeDaysDrift(every: node.scalar ?? "", seconds: interval.seconds, zone: "\(zone)", rewrite: rewrite), at: node.range))
    }

    /// Whether the zone's rules still change its clocks (a transition after 2020): zones that
    /// dropped daylight saving long ago keep a fixed wall time.
    static func changesClocks(_ zone: TimeZone) -> Bool {
        zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_577_836_800)) != nil
    }
}
