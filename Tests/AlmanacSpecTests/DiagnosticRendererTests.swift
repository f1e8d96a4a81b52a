import AlmanacTestSupport
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// The renderer's bounds: excerpts as wide as `excerptWidth` at most with the caret on its column,
/// at most `limit` diagnostics with a count of the rest, control characters escaped in every format.
@Suite struct DiagnosticRendererTests {
    static func error(line: Int, column: Int, length: Int = 1, _ message: String = "bad") -> Diagnostic {
        Diagnostic(.outOfRange, message, at: SourceRange(line: line, column: column, length: length))
    }

    /// The excerpt's two lines: the source and the carets, without the gutter.
    static func excerpt(_ text: String, line: Int = 1, column: Int, length: Int = 1, width: Int = 40) -> (source: String, carets: String) {
        let renderer = DiagnosticRenderer(excerptWidth: width)
        let lines = renderer.render([error(line: line, column: column, length: length)], in: SourceFile(path: "s", text: text))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func body(_ s: String) -> String { String(s[s.range(of: " | ")!.upperBound...]) }
        return (body(lines[1]), body(lines[2]))
    }

    @Test(arguments: [1, 2, 13, 26, 27, 100, 500, 998, 999, 1000])
    func theCaretStaysUnderItsCharacterOnLongLines(_ column: Int) {
        // Each character names its column's last digit, so the caret's character is checkable.
        let line = String((1...999).map { Character(String($0 % 10)) })
        let (source, carets) = Self.excerpt(line, column: column)
        #expect(source.count <= 40 + 2)
        let caret = carets.firstIndex(of: "^")!
        let offset = carets.distance(from: carets.startIndex, to: caret)
        let shown = Array(source)
        if column <= 999 {
            #expect(shown[offset] == Character(String(column % 10)), "column \(column): \(source) / \(carets)")
        } else {
            #expect(offset == shown.count, "past the end, the caret follows the line")
        }
    }

    @Test func shortLinesAreShownWhole() {
        let (source, carets) = Self.excerpt("  a: {cron: 'x'}", column: 13, length: 3)
        #expect(source == "  a: {cron: 'x'}")
        #expect(carets == "            ^^^")
    }

    @Test func controlCharactersAreEscapedAndCaretsWidened() {
        let (source, carets) = Self.excerpt("a: \"\u{1B}[1m\u{7}\"", column: 5, length: 1)
        #expect(source == "a: \"\\u{1B}[1m\\u{7}\"")
        #expect(carets == "    ^^^^^^")
    }

    @Test func tabsAreKeptSoCaretsLineUp() {
        let (source, carets) = Self.excerpt("\tkey: x", column: 2, length: 3)
        #expect(source == "\tkey: x")
        #expect(carets == "\t^^^")
    }

    @Test(arguments: DiagnosticFormat.allCases)
    func atMostLimitDiagnosticsArePrintedAndTheRestCounted(_ format: DiagnosticFormat) {
        let file = SourceFile(path: "s.yaml", text: String(repeating: "a: 1\n", count: 300))
        let diagnostics =
            (1...250).map { Self.error(line: $0, column: 1) }
            + [Diagnostic(.unusedDefinition, "unused", at: SourceRange(line: 260, column: 1, length: 1))]
        let out = DiagnosticRenderer(format: format, limit: 100).render(diagnostics, in: file)
        switch format {
        case .text:
            #expect(out.components(separatedBy: "error[").count - 1 == 100)
            #expect(out.hasSuffix("s.yaml: 151 more diagnostics (150 errors, 1 warning) not shown\n"))
        case .github:
            #expect(out.components(separatedBy: "::error ").count - 1 == 100)
            #expect(out.contains("151 more diagnostics (150 errors, 1 warning) not shown"))
        case .json:
            #expect(out.components(separatedBy: "\"code\"").count - 1 == 100)
            #expect(out.hasSuffix("\"errors\": 250, \"warnings\": 1, \"omitted\": 151}\n"))
        }
        let few = DiagnosticRenderer(format: format, limit: 100).render(Array(diagnostics.prefix(3)), in: file)
        #expect(!few.contains("more diagnostic") && !few.contains("omitted"))
    }

    @Test(arguments: DiagnosticFormat.allCases)
    func messagesAreEscapedAndCut(_ format: DiagnosticFormat) {
        let file = SourceFile(path: "s\u{1B}.yaml", text: "a: 1\n")
        let long = String(repeating: "y", count: 5_000)
        let out = DiagnosticRenderer(format: format).render(
            [Self.error(line: 1, column: 1, "unknown '\u{1B}[2J\u{9B}\u{202E}\(long)'")], in: file)
        #expect(!out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(out.contains(format == .json ? "\\\\u{1B}[2J\\\\u{9B}\\\\u{202E}" : "\\u{1B}[2J\\u{9B}\\u{202E}"))
        #expect(out.utf8.count < 3_000)
    }

    @Test func linesAreFoundByIndex() {
        let file = SourceFile(path: "s", text: "one\r\ntwo\n\nfour")
        #expect(file.line(1) == "one")
        #expect(file.line(2) == "two")
        #expect(file.line(3) == "")
        #expect(file.line(4) == "four")
        #expect(file.line(5) == nil)
        #expect(file.line(0) == nil)
        #expect(SourceFile(path: "s", text: "a\n").line(2) == "")
    }
}

/// Did-you-mean stays cheap whatever the word, and still finds typos.
@Suite struct SuggestionTests {
    @Test func typosAreStillFound() {
        let zones = ["Europe/Paris", "Europe/Berlin", "America/New_York", "UTC"]
        #expect(Suggestion.closest(to: "Europe/Pari", among: zones) == "Europe/Paris")
        #expect(Suggestion.closest(to: "europe/berlni", among: zones) == "Europe/Berlin")
        #expect(Suggestion.closest(to: "Amer", among: zones) == "America/New_York")
        #expect(Suggestion.closest(to: "Asia/Tokyo", among: zones) == nil)
    }

    @Test func theBoundedDistanceAgreesWithTheFullOneWithinTheLimit() {
        var rng = SplitMix(seed: 12)
        let alphabet = Array("abcde".unicodeScalars)
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let b = (0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let full = Suggestion.distance(a, b)
            for limit in 0...4 {
                let bounded = Suggestion.distance(a, b, limit: limit)
                #expect(full <= limit ? bounded == full : bounded == limit + 1, "\(a) \(b) limit \(limit)")
            }
        }
    }

    @Test func aHugeWordGetsNoSuggestion() {
        let word = "Europe/Paris" + String(repeating: "y", count: 100 * 1024)
        #expect(Suggestion.closest(to: word, among: Array(repeating: word, count: 3)) == nil)
    }
}

extension SplitMix: RandomNumberGenerator {}
