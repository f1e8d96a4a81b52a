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
