import AlmanacCommandLine
import AlmanacTime
import ArgumentParser
import Foundation

/// `--app-opens`: when the user opens the app in a phone simulation.
enum AppOpens {
    /// The instants in `[from, until)` that `value` names: `never`, `daily HH:MM[,HH:MM…]` on the
    /// wall clock of `zone` (a time in a DST gap opens the app at the gap's end), or a file with one
    /// time per line in the forms `--from` takes (blank lines and `#` comments skipped).
    static func instants(_ value: String, from: Instant, until: Instant, zone: String) throws -> [Instant] {
        if value == "never" { return [] }
        if value.hasPrefix("daily ") {
            var times: [LocalTime] = []
            for part in value.dropFirst("daily ".count).split(separator: ",") {
                let fields = part.trimmingCharacters(in: .whitespaces).split(separator: ":")
                guard fields.count == 2, let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour),
                    (0...59).contains(minute), fields[0].count == 2, fields[1].count == 2
                else {
                    throw ValidationError("--app-opens: '\(part)' is not a time of day like 08:00 in '\(value)'")
                }
                times.append(LocalTime(hour: hour, minute: minute))
            }
            guard
                let table = OffsetTable(
                    zone: zone, covering: Instant(secondsSinceEpoch: from.secondsSinceEpoch - 2 * 86_400),
                    to: Instant(secondsSinceEpoch: until.secondsSinceEpoch + 2 * 86_400))
            else { throw ValidationError("--app-opens: unknown zone \(zone)") }
            var day = LocalDateTime(wallSeconds: from.secondsSinceEpoch + Int64(table.offset(at: from))).date
            let last = LocalDateTime(wallSeconds: until.secondsSinceEpoch + Int64(table.offset(at: until))).date
            var instants: [Instant] = []
            while day <= last {
                for time in times {
                    let instant = table.resolve(LocalDateTime(date: day, time: time)).earliestInstant
                    if instant >= from && instant < until { instants.append(instant) }
                }
                day = day.adding(days: 1)
            }
            return instants.sorted()
        }
        guard let text = try? String(contentsOfFile: value, encoding: .utf8) else {
            throw ValidationError("--app-opens: '\(value)' is neither `never`, `daily HH:MM` nor a readable file")
        }
        var instants: [Instant] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let entry = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            guard let instant = TimeArgument.parse(entry)?.resolve(now: from, zone: zone) else {
                throw ValidationError("--app-opens: \(value):\(number + 1): '\(entry)' is not \(TimeArgument.forms)")
            }
            instants.append(instant)
        }
        return instants.sorted()
    }
}
