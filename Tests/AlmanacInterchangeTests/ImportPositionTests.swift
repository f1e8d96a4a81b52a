import AlmanacInterchange
import AlmanacModel
import Testing

/// A folded iCalendar property (RFC 5545 §3.1: a line starting with a space continues the one
/// before) is located where its value is, on whichever physical line that is — not at its offset in
/// the unfolded line, which lies past the end of the first line (found by fuzz-import).
@Suite struct ImportICSPositionTests {
    static let property = "DTSTART;TZID=Europe/Paris:bogus"

    /// The calendar with `property` folded before each of `cuts` (offsets into it).
    static func calendar(foldingAt cuts: [Int]) -> String {
        var folded = "", previous = 0
        for cut in cuts {
            folded += String(Array(property)[previous..<cut]) + "\r\n "
            previous = cut
        }
        folded += String(Array(property)[previous...])
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:x\r\n\(folded)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test(arguments: Array(1..<property.count))
    func aFoldedValueIsLocatedOnItsPhysicalLine(_ cut: Int) throws {
        for cuts in cut > 1 ? [[cut], [1, cut]] : [[cut]] {
            let text = Self.calendar(foldingAt: cuts)
            let result = Importer.run(.ics, SourceFile(path: "in.ics", text: text), timezone: nil, name: "in")
            let range = try #require(result.diagnostics.first { $0.code == .importSyntax }?.range, "\(cuts)")
            let lines = text.components(separatedBy: "\r\n")
            let line = lines[range.start.line - 1]
            let at = Array(line.unicodeScalars).dropFirst(range.start.column - 1).first
            // The value starts with "b", or, cut right after the colon, at the continuation's start.
            #expect(at == "b", "folded at \(cuts): \(range.start) in '\(line)'")
        }
    }
}

/// An error inside a folded RRULE value (an E05xx at an offset in the value) is located on the
/// physical line holding that character, wherever the line was folded.
@Suite struct ImportICSFoldedRuleTests {
    static let property = "RRULE:FREQ=WEEKLY;BYDAY=MO,XX,FR"

    /// The calendar with `property` folded before offset `cut` (none when nil), and its lines.
    static func calendar(foldingAt cut: Int?) -> (text: String, lines: [String]) {
        let chars = Array(property)
        let folded = cut.map { String(chars[..<$0]) + "\r\n " + String(chars[$0...]) } ?? property
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20270101T090000Z\r\n\(folded)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        return (text, text.components(separatedBy: "\r\n"))
    }

    /// The character a diagnostic starts at.
    static func character(at range: SourceRange, in lines: [String]) -> Unicode.Scalar? {
        Array(lines[range.start.line - 1].unicodeScalars).dropFirst(range.start.column - 1).first
    }

    @Test func theErrorIsOnTheCharacterItNamesWhereverTheLineIsFolded() throws {
        func firstError(_ text: String) throws -> SourceRange {
            let result = Importer.run(.ics, SourceFile(path: "in.ics", text: text), timezone: nil, name: "in")
            return try #require(result.diagnostics.first { $0.code.rawValue.hasPrefix("E05") }?.range)
        }
        let plain = Self.calendar(foldingAt: nil)
        let expected = try #require(Self.character(at: try firstError(plain.text), in: plain.lines))
        for cut in 1..<Self.property.count {
            let folded = Self.calendar(foldingAt: cut)
            let range = try firstError(folded.text)
            #expect(Self.character(at: range, in: folded.lines) == expected, "folded at \(cut): \(range.start)")
        }
    }
}

/// CronJob documents are composed one at a time with the other documents' lines blanked; a last
/// line without a line break stays without one, so an error at a document's end is on a line the
/// file has (found by fuzz-import: it sat one line past the end).
@Suite struct ImportKubernetesPositionTests {
    @Test(arguments: ["x: 1", "x: 1\n", "x: 1\r\n"])
    func anErrorAtADocumentsEndIsInsideTheFile(_ last: String) throws {
        let text = "kind: CronJob\nfoo\n---\n" + last
        let result = Importer.run(.k8s, SourceFile(path: "in.yaml", text: text), timezone: nil, name: "in")
        let range = try #require(result.diagnostics.first { $0.code == .yamlSyntax }?.range)
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(range.start.line <= lines.count, "\(range.start) in \(lines.count) lines")
    }
}
