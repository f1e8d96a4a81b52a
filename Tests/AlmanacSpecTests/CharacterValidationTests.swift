import AlmanacEscaping
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// Which characters each field accepts (docs/spec.md, "Characters"): every control scalar in every
/// checked field is refused with E0230 exactly when the field's table says so, at the value, naming
/// the character; the docs' table is the code's.
@Suite struct CharacterValidationTests {
    /// A spec with `value` (YAML double-quoted text, escapes allowed) at `field`, and the text before it.
    static func spec(_ field: TextField, _ value: String) -> (text: String, before: String) {
        let head = "version: 1\nname: "
        let rest = "\ntimezone: Europe/Paris\ntriggers:\n  t:\n    every: 1h\n    payload: {"
        switch field {
        case .scheduleName: return (head + value + rest + "a: 1}\n", head)
        case .payloadKey: return (head + "s" + rest + value + ": 1}\n", head + "s" + rest)
        case .command: return (head + "s" + rest + "command: " + value + "}\n", head + "s" + rest + "command: ")
        case .commandArgument: return (head + "s" + rest + "command: [sh, " + value + "]}\n", head + "s" + rest + "command: [sh, ")
        case .environmentValue: return (head + "s" + rest + "environment: {A: " + value + "}}\n", head + "s" + rest + "environment: {A: ")
        case .displayText: return (head + "s" + rest + "body: " + value + "}\n", head + "s" + rest + "body: ")
        }
    }

    static func load(_ text: String) -> [Diagnostic] {
        SpecLoader.load(SourceFile(path: "spec.yaml", text: text)).diagnostics
    }

    @Test(arguments: TextField.allCases)
    func everyControlCharacterIsRefusedUnlessTheFieldAcceptsIt(_ field: TextField) throws {
        for scalar in HostileText.controlScalars {
            let kind = try #require(ControlCharacter(scalar))
            let escaped = String(format: "\"ab\\u%04x\"", scalar.value)
            let (text, before) = Self.spec(field, escaped)
            let found = Self.load(text).filter { $0.code == .controlCharacter }
            if field.accepts.contains(kind) {
                #expect(found.isEmpty, "\(field) \(ControlCharacter.codePoint(scalar)): \(found.map(\.message))")
                continue
            }
            #expect(found.count == 1, "\(field) \(ControlCharacter.codePoint(scalar)) not refused")
            guard let d = found.first else { continue }
            #expect(d.message.contains(ControlCharacter.codePoint(scalar)) && d.message.contains("at character 3"), "\(d.message)")
            // A value with escapes is located as a whole: at its opening quote.
            let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
            let column = before.split(separator: "\n", omittingEmptySubsequences: false).last!.count + 1
            #expect(d.range?.start.line == line && d.range?.start.column == column, "\(field): \(String(describing: d.range))")
        }
    }

    /// Written raw (bidirectional controls are printable to YAML), the character itself is pointed at.
    @Test func aRawBidirectionalOverrideIsLocatedAtItself() throws {
        let diagnostics = Self.load("version: 1\nname: ab\u{202E}cd\ntimezone: UTC\ntriggers:\n  t: {every: 1h}\n")
        let d = try #require(diagnostics.first { $0.code == .controlCharacter })
        #expect(d.range?.start.line == 2 && d.range?.start.column == 9)
        #expect(d.message.contains("bidirectional override (U+202E) at character 3"))
    }

    @Test func ordinaryTextAndWhatEachFieldAcceptsPass() {
        let text = """
            version: 1
            name: "Backups — nightly 100% ✓ 'q' \\"dq\\" \\\\ */ $HOME"
            timezone: UTC
            triggers:
              t:
                every: 1h
                payload:
                  command: "tar -czf /b/$(date +%F).tgz\\t/data"
                  environment: {PATH: "/usr/bin", LANG_X: "a\\tb"}
                  title: "Two\\nlines"
                  body: "a\\tb\\nc"
                  other: "anything \\r\\u0000\\u202e goes in JSON"
                  "key-with.dots_ok": 1
            """
        #expect(Self.load(text).isEmpty, "\(Self.load(text).map(\.message))")
    }

    @Test func environmentNamesMustBePortable() {
        for (name, ok) in [("PATH", true), ("_x1", true), ("A-B", false), ("1A", false), ("A B", false), ("Ä", false)] {
            let text = "version: 1\ntimezone: UTC\ntriggers:\n  t: {every: 1h, payload: {environment: {\"\(name)\": v}}}\n"
            let codes = Self.load(text).map(\.code)
            #expect(codes.contains(.invalidEnvironmentName) != ok, "\(name): \(codes)")
        }
    }

    /// A payload inherited from `defaults:` is checked there, once, not again at every trigger.
    @Test func defaultsAreCheckedOnce() {
        let text = "version: 1\ntimezone: UTC\ndefaults:\n  payload: {title: \"a\\rb\"}\ntriggers:\n  a: {every: 1h}\n  b: {every: 2h}\n"
        let found = Self.load(text).filter { $0.code == .controlCharacter }
        #expect(found.count == 1 && found.first?.range?.start.line == 4)
    }

    /// docs/spec.md's table says for each field whether a tab, a line break and the other control
    /// characters are accepted: it must say what `TextField.accepts` does.
    @Test func theDocsTableIsTheCodesTable() throws {
        let docs = try String(contentsOfFile: Golden.repositoryRoot + "/docs/spec.md", encoding: .utf8)
        let rows: [(String, TextField)] = [
            ("| `name` |", .scheduleName), ("| payload keys (top level) |", .payloadKey),
            ("| `payload.command` as a string |", .command), ("| `payload.command` as a list (arguments) |", .commandArgument),
            ("| `payload.environment` values |", .environmentValue), ("| `payload.title`, `payload.body` |", .displayText),
        ]
        let section = try #require(docs.components(separatedBy: "## Characters").dropFirst().first)
        for (label, field) in rows {
            let row = try #require(section.split(separator: "\n").first { $0.hasPrefix(label) }, "no row \(label)")
            let cells = row.dropFirst(label.count).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let said = (tab: cells[0] == "yes", lineFeed: cells[1] == "yes", others: cells[2] == "yes")
            #expect(said.tab == field.accepts.contains(.tab), "\(label) tab")
            #expect(said.lineFeed == field.accepts.contains(.lineFeed), "\(label) line feed")
            #expect(!said.others && field.accepts.isSubset(of: [.tab, .lineFeed]), "\(label) others")
        }
    }
}
