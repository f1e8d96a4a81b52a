import AlmanacEscaping
import AlmanacTestSupport
import Foundation
import Testing

/// iCalendar TEXT and content lines: RFC 5545 §3.3.11 escaping, every kind of line break as `\n`,
/// no control character raw, and 75-octet folding on UTF-8 character boundaries. Python's
/// icalendar reads the exported calendars in `scripts/hostile/judges.py`.
@Suite struct ICalendarTextTests {
    @Test func escapesCommaSemicolonBackslashAndEveryLineBreak() {
        #expect(ICalendarText.text(#"a,b;c\d"#) == #"a\,b\;c\\d"#)
        #expect(ICalendarText.text("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendarText.text("a\u{85}b\u{2028}c\u{2029}d") == #"a\nb\nc\nd"#)
        #expect(ICalendarText.text("plain: text") == "plain: text")
        #expect(ICalendarText.text("bell\u{07}\ttab\u{7F}\u{202E}") == #"bell\\u{7}"# + "\t" + #"tab\\u{7F}\\u{202E}"#)
    }

    @Test(arguments: HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" })
    func outputHoldsNoControlButTab(_ text: String) {
        #expect(ControlCharacter.first(in: ICalendarText.text(text), allowing: [.tab]) == nil)
    }

    @Test func shortLinesAreNotFolded() {
        let line = String(repeating: "a", count: 75)
        #expect(ICalendarText.fold(line) == line)
    }

    @Test func foldsAt75OctetsWithASpaceCountingTowardTheNext() {
        let line = String(repeating: "a", count: 75 + 74 + 10)
        let folded = ICalendarText.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.map { $0.utf8.count } == [75, 75, 11])
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (remove CRLF + one space) gives the line back.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }

    @Test func neverSplitsAUTF8Character() {
        // 74 ASCII octets then a 3-octet character: it does not fit in the first 75, so it moves.
        let line = String(repeating: "x", count: 74) + "€" + String(repeating: "y", count: 100)
        let parts = ICalendarText.fold(line).components(separatedBy: "\r\n")
        #expect(parts[0].utf8.count == 74)
        #expect(parts[1].hasPrefix(" €"))
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(ICalendarText.fold(line).replacingOccurrences(of: "\r\n ", with: "") == line)
        // A line of 4-octet characters only.
        let emoji = String(repeating: "🙂", count: 40)
        let e = ICalendarText.fold(emoji).components(separatedBy: "\r\n")
        #expect(e.allSatisfy { $0.utf8.count <= 75 } && e[0].utf8.count == 72)
        #expect(ICalendarText.fold(emoji).replacingOccurrences(of: "\r\n ", with: "") == emoji)
    }
}
