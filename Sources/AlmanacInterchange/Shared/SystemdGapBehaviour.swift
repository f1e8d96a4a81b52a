import AlmanacModel
import AlmanacTime

/// What systemd 252 does on the far side of a spring-forward gap that crosses an hour boundary and
/// ends off the hour (Pacific/Chatham: 02:45 → 03:45). Gaps inside one hour (Lord Howe's 02:00 →
/// 02:30) or ending on the hour (New York's) cost nothing but the gap itself.
///
/// Measured with `systemd-analyze calendar` (Fixtures/systemd-chatham.txt holds the grid; its test
/// holds this model to it), for one OnCalendar= line with hours H and minutes M on the gap's day:
/// - when the line fires in the minute before the gap (02:44), systemd steps one minute into the gap,
///   normalises to 03:45 and goes on: the times after the gap fire;
/// - otherwise, when it fires in the hour the gap starts in and all its minutes are at or after the
///   gap's start (02:45–02:59 only), systemd's search goes backwards and it stops with "Resource
///   deadlock avoided": the timer elapses never again;
/// - otherwise the rest of the hour the gap ends in is lost (03:45–03:59).
enum SystemdGapBehaviour {
    enum Outcome: Equatable {
        /// Nothing lost beyond the gap.
        case fires
        /// These times (seconds of the day) do not elapse that day.
        case loses([Int])
        /// systemd cannot compute the next elapse: the line stops for good.
        case stops
    }

    /// A gap of `zone`'s clock: its wall start and end (seconds of the day, end exclusive).
    struct Gap {
        var start: Int
        var end: Int
        var date: CivilDate

        var text: String { ExportClock.clock(start) + "–" + ExportClock.clock(end) }
        /// Crosses an hour boundary and ends off the hour: the only kind with an outcome of its own.
        var crossesHour: Bool { start / 3600 != end / 3600 && end % 3600 != 0 }
    }

    /// The gaps of `zone` from 2020 to 2039 (the span exports compare) that cross an hour.
    static func gaps(_ zone: String) -> [Gap] {
        guard zone != "UTC", let changes = ClockChanges(zone: zone) else { return [] }
        var out: [Gap] = []
        for c in changes.changes where c.isGap {
            let gap = Gap(start: c.start, end: c.start + c.length, date: LocalDateTime(wallSeconds: c.wall).date)
            if gap.crossesHour && gap.end < 86_400 { out.append(gap) }
        }
        return out
    }

    /// The outcome for a line firing at `hours` × `minutes` × `seconds` on the gap's day.
    static func outcome(hours: [Int], minutes: [Int], seconds: [Int], gap: Gap) -> Outcome {
        let startHour = gap.start / 3600, startMinute = gap.start / 60 % 60
        let endHour = gap.end / 3600, endMinute = gap.end / 60 % 60
        let before = gap.start - 60
        let firesBefore = hours.contains(before / 3600) && minutes.contains(before / 60 % 60)
        if firesBefore { return .fires }
        if hours.contains(startHour), let first = minutes.min(), first >= startMinute { return .stops }
        guard hours.contains(endHour) else { return .fires }
        let lost = minutes.filter { $0 >= endMinute }.flatMap { m in seconds.map { endHour * 3600 + m * 60 + $0 } }
        return lost.isEmpty ? .fires : .loses(lost)
    }
}
