import AlmanacEscaping
import AlmanacJSON
import AlmanacPlan
import AlmanacTime

extension ExportICS {
    /// The calendar written as fires arrive, in plan order: the calendar's header when made, a
    /// VEVENT per `add`, the armed windows of location triggers and the end on `finish`. Lines go
    /// to the sink in blocks, so a plan of a million fires is never held, nor is its calendar.
    public struct Writer<Sink: ByteSink> {
        private var sink: Sink
        private let plan: Plan
        private let stamp: String
        private let alarmSeconds: Int64?
        /// Lines made but not yet written (folded and ended with CRLF when written).
        private var lines: [String]

        /// `plan`'s fires are ignored: `add` them.
        public init(_ plan: Plan, alarmSeconds: Int64? = nil, into sink: Sink) {
            self.sink = sink
            self.plan = plan
            self.alarmSeconds = alarmSeconds
            stamp = utc(plan.window.from)
            lines = [
                "BEGIN:VCALENDAR",
                "VERSION:2.0",
                "PRODID:-//Almanac//almanac export ics//EN",
                "CALSCALE:GREGORIAN",
                "METHOD:PUBLISH",
                "X-WR-CALNAME:" + ICalendarText.text(plan.spec.name),
                "REFRESH-INTERVAL;VALUE=DURATION:P1D",
                "X-PUBLISHED-TTL:P1D",
            ]
        }

        /// One fire's VEVENT.
        public mutating func add(_ fire: Fire) throws {
            let payload = plan.triggers[fire.trigger]?.payload ?? [:]
            let summary = text(payload["title"]) ?? fire.trigger
            lines += [
                "BEGIN:VEVENT", "UID:" + ICalendarText.text(fire.id), "DTSTAMP:" + stamp, "DTSTART:" + utc(fire.at),
                "SUMMARY:" + ICalendarText.text(summary),
            ]
            if let body = text(payload["body"]) { lines.append("DESCRIPTION:" + ICalendarText.text(body)) }
            lines.append("CATEGORIES:" + ICalendarText.text(fire.trigger))
            if let alarmSeconds { lines += alarm(summary, alarmSeconds) }
            lines.append("END:VEVENT")
            if lines.count >= 1024 { try writeLines() }
        }

        /// The regions' armed windows and the calendar's end; returns the flushed sink.
        public mutating func finish() throws -> Sink {
            for region in plan.regions {
                let payload = plan.triggers[region.trigger]?.payload ?? [:]
                let summary = text(payload["title"]) ?? region.trigger
                for window in region.armed {
                    lines += [
                        "BEGIN:VEVENT",
                        "UID:" + ICalendarText.text("\(region.trigger)@armed-\(RFC3339.format(window.from))"),
                        "DTSTAMP:" + stamp,
                        "DTSTART:" + utc(window.from),
                        "DTEND:" + utc(window.to),
                        "SUMMARY:" + ICalendarText.text(summary),
                        "DESCRIPTION:" + ICalendarText.text("Armed: fires on \(region.on.rawValue) within \(region.radius) m"),
                        "LOCATION:" + ICalendarText.text("\(region.latitude), \(region.longitude) (radius \(region.radius) m)"),
                        "GEO:\(region.latitude);\(region.longitude)",
                        "TRANSP:TRANSPARENT",
                        "CATEGORIES:" + ICalendarText.text(region.trigger),
                        "END:VEVENT",
                    ]
                }
            }
            lines.append("END:VCALENDAR")
            try writeLines()
            try sink.flush()
            return sink
        }

        /// Each line folded and ended with CRLF: the same bytes as the lines joined by CRLF, plus one.
        private mutating func writeLines() throws {
            var bytes: [UInt8] = []
            for line in lines {
                bytes.append(contentsOf: ICalendarText.fold(line).utf8)
                bytes.append(contentsOf: [0x0D, 0x0A])
            }
            lines.removeAll(keepingCapacity: true)
            try bytes.withUnsafeBufferPointer { try sink.write($0) }
        }
    }
}
