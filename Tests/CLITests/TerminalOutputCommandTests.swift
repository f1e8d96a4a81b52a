import AlmanacTestSupport
import Foundation
import Testing

/// What `almanac` prints from plans and specs reaches a terminal or a CI log: a hand-edited plan's
/// spec name, a payload value the spec allows, an id in an error line. Every class of hostile text
/// goes through `diff` (text and Markdown) and an error line; no control, line-break or
/// bidirectional character comes out raw.
@Suite struct TerminalOutputCommandTests {
    static let spec = "version: 1\nname: s\ntimezone: UTC\ntriggers:\n  t: {calendar: {at: \"09:00\"}, payload: {note: plain}}\n"

    /// `text` as a JSON string literal, with only what JSON requires escaped, so C1, separators and
    /// bidirectional controls stay raw in the plan, as an editor would leave them.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where s.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(s.value, radix: 16).count) + String(s.value, radix: 16)
            default: out.unicodeScalars.append(s)
            }
        }
        return out + "\""
    }

    /// The first control character (the hostile classes; line feeds, which end the output's own
    /// lines, aside) in `output`.
    static func rawControl(in output: String) -> Unicode.Scalar? {
        let controls = Set(HostileText.controlScalars).subtracting(["\n"])
        return output.unicodeScalars.first(where: controls.contains)
    }

    @Test func plansAndErrorsShowEveryControlCharacterVisibly() throws {
        let dir = NSTemporaryDirectory() + "almanac-terminal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: dir + "/s.yaml"))
        let window = ["--from", "2027-01-01T00:00:00Z", "--to", "2027-01-03T00:00:00Z"]
        let compiled = try CommandRunner.run("almanac", ["compile", "s.yaml", "-o", "old.plan"] + window, in: dir)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let plan = try String(contentsOfFile: dir + "/old.plan", encoding: .utf8)
        for (name, text) in HostileText.samples where text.unicodeScalars.contains(where: HostileText.controlScalars.contains) {
            let hostile = plan.replacingOccurrences(of: #""name": "s""#, with: #""name": "# + Self.jsonString(text))
                .replacingOccurrences(of: #""note": "plain""#, with: #""note": "# + Self.jsonString(text))
            #expect(hostile != plan)
            try Data(hostile.utf8).write(to: URL(fileURLWithPath: dir + "/new.plan"))
            for format in ["text", "markdown"] {
                let diff = try CommandRunner.run("almanac", ["diff", "--format", format, "old.plan", "new.plan"], in: dir)
                #expect(diff.status == 1, "\(name), \(format): \(diff.stderr)")
                #expect(diff.stdout.contains("spec name"), "\(name), \(format)")
                if let raw = Self.rawControl(in: diff.stdout + diff.stderr) {
                    Issue.record("\(name), diff --format \(format): U+\(String(raw.value, radix: 16, uppercase: true)) raw")
                }
            }
            // A fire naming a trigger that is not an id: the error line quotes it.
            let badFire = plan.replacingOccurrences(of: #""trigger": "t""#, with: #""trigger": "# + Self.jsonString(text))
            try Data(badFire.utf8).write(to: URL(fileURLWithPath: dir + "/new.plan"))
            let error = try CommandRunner.run("almanac", ["diff", "old.plan", "new.plan"], in: dir)
            #expect(error.status == 2, "\(name): \(error.stderr)")
            #expect(error.stderr.hasPrefix("almanac: "), "\(name): \(error.stderr)")
            if let raw = Self.rawControl(in: error.stderr) {
                Issue.record("\(name), error line: U+\(String(raw.value, radix: 16, uppercase: true)) raw")
            }
        }
    }
}
