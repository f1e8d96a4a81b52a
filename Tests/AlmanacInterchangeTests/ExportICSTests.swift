import AlmanacInterchange
import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import Testing

/// iCalendar's content lines: TEXT escaping, 75-octet folding on UTF-8 character boundaries, CRLF,
/// and what a subscribed calendar relies on (stable UIDs, no clock).
@Suite struct ExportICSTests {
    @Test func escapesCommaSemicolonBackslashAndNewlines() {
        #expect(ExportICS.escape(#"a,b;c\d"#) == #"a\,b\;c\\d"#)
        #expect(ExportICS.escape("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ExportICS.escape("plain: text") == "plain: text")
        #expect(ExportICS.escape("bell\u{07}\ttab\u{7F}") == "bell tab")
    }

    @Test func shortLinesAreNotFolded() {
        let line = String(repeating: "a", count: 75)
        #expect(ExportICS.fold(line) == line)
    }

    @Test func foldsAt75OctetsWithASpaceCountingTowardTheNext() {
        let line = String(repeating: "a", count: 75 + 74 + 10)
        let folded = ExportICS.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.map { $0.utf8.count } == [75, 75, 11])
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (remove CRLF + one space) gives the line back.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }

    @Test func neverSplitsAUTF8Character() {
        // 74 ASCII octets then a 3-octet character: it does not fit in the first 75, so it moves.
        let line = String(repeating: "x", count: 74) + "€" + String(repeating: "y", count: 100)
        let parts = ExportICS.fold(line).components(separatedBy: "\r\n")
        #expect(parts[0].utf8.count == 74)
        #expect(parts[1].hasPrefix(" €"))
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(ExportICS.fold(line).replacingOccurrences(of: "\r\n ", with: "") == line)
        // A line of 4-octet characters only.
        let emoji = String(repeating: "🙂", count: 40)
        let e = ExportICS.fold(emoji).components(separatedBy: "\r\n")
        #expect(e.allSatisfy { $0.utf8.count <= 75 } && e[0].utf8.count == 72)
        #expect(ExportICS.fold(emoji).replacingOccurrences(of: "\r\n ", with: "") == emoji)
    }

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
