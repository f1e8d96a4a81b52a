import AlmanacInterchange
import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import Testing

/// iCalendar's content lines as a calendar reads them: CRLF, and what a subscribed calendar relies on
/// (stable UIDs, no clock). TEXT escaping and folding: `AlmanacEscapingTests.ICalendarTextTests`.
@Suite struct ExportICSTests {
    static func plan(title: JSONValue? = nil) -> Plan {
        var payload: [String: JSONValue] = [:]
        if let title { payload["title"] = title }
        payload["body"] = .string("Line one\nline two; with, commas")
        let at = Instant(secondsSinceEpoch: 1_795_442_400) // 2026-11-23T14:00:00Z
        return Plan(
            spec: SpecInfo(name: "t", sha256: nil),
            window: Window(from: Instant(secondsSinceEpoch: 1_795_392_000), to: Instant(secondsSinceEpoch: 1_795_478_400)),
            tzdata: "x", limits: PlanLimits(),
            triggers: ["standup": PlanTrigger(kind: "calendar", timezone: "America/New_York", payload: payload)],
            fires: [Fire(at: at, trigger: "standup", offset: -18_000, nominalWall: at.secondsSinceEpoch - 18_000)])
    }

    @Test func eventCarriesTheFireIDTheInstantAndTheWindowStartAsStamp() {
        let ics = ExportICS.render(Self.plan(title: .string("Stand-up")), alarmSeconds: 600)
        let lines = ics.components(separatedBy: "\r\n")
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(lines.contains("UID:standup@2026-11-23T09:00:00"))
        #expect(lines.contains("DTSTART:20261123T140000Z"))
        #expect(lines.contains("DTSTAMP:20261123T000000Z"))
        #expect(lines.contains("SUMMARY:Stand-up"))
        #expect(lines.contains(#"DESCRIPTION:Line one\nline two\; with\, commas"#))
        #expect(lines.contains("REFRESH-INTERVAL;VALUE=DURATION:P1D") && lines.contains("X-PUBLISHED-TTL:P1D"))
        #expect(lines.contains("TRIGGER:-PT10M") && lines.contains("ACTION:DISPLAY"))
    }

    @Test func summaryFallsBackToTheTriggerID() {
        let lines = ExportICS.render(Self.plan(title: .number("3"))).components(separatedBy: "\r\n")
        #expect(lines.contains("SUMMARY:standup"))
        #expect(!lines.contains("BEGIN:VALARM"))
    }
}
