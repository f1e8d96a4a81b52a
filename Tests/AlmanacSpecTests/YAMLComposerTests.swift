import AlmanacTestSupport
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

@Suite struct YAMLComposerTests {
    func compose(_ text: String, limits: YAMLLimits = .standard) -> (YAMLNode?, [Diagnostic]) {
        var bag = DiagnosticBag()
        let node = YAMLComposer.compose(Array(text.utf8), limits: limits, diagnostics: &bag)
        return (node, bag.sorted)
    }

    @Test func scalarsKeepTheTextAsWritten() throws {
        let (root, diagnostics) = compose("a: 12:30\nb: no\nc: 'yes'\nd: 010\ne:\n")
        #expect(diagnostics.isEmpty)
        let pairs = try #require(root?.mapping)
        #expect(pairs.map { $0.value.scalar } == ["12:30", "no", "yes", "010", ""])
        #expect(pairs[2].value.style == .singleQuoted)
        #expect(pairs[4].value.isNull)
    }

    /// Null is decided once by the composer: only plain `~`, `null`, `Null`, `NULL` or nothing,
    /// also when aliased; quoted spellings and other cases are text.
    @Test func nullIsOnlyThePlainSpellings() throws {
        let (root, diagnostics) = compose(
            """
            a: ~
            b: null
            c: Null
            d: NULL
            e:
            f: "null"
            g: nULL
            h: '~'
            i: nulls
            j: &n null
            k: *n
            l: [~, x]
            m: {}
            """)
        #expect(diagnostics.isEmpty)
        let pairs = try #require(root?.mapping)
        #expect(pairs.map(\.value.isNull) == [true, true, true, true, true, false, false, false, false, true, true, false, false])
        #expect(pairs[11].value.sequence?.map(\.isNull) == [true, false])
    }

    @Test func rangesAreOneBasedWithEndMarks() throws {
        let (root, _) = compose("triggers:\n  x: {weekdays: [mon, thurs]}\n")
        let x = try #require(root?.mapping?.first?.value.mapping?.first?.value)
        #expect(x.isFlow)
        let thurs = try #require(x.mapping?.first?.value.sequence?.last)
        #expect(thurs.scalar == "thurs")
        #expect(thurs.range == SourceRange(line: 2, column: 23, length: 5))
    }

    @Test func valueCharacterRangesPointInsideQuotedScalars() throws {
        let (root, _) = compose("cron: \"0 0 * * thurs\"\n")
        let cron = try #require(root?.mapping?.first?.value)
        #expect(cron.range(ofValueCharacters: 10, length: 5) == SourceRange(line: 1, column: 18, length: 5))
    }

    /// True when `position` names a character of `file` as its excerpts show it (lines split at LF),
    /// or the place just past the end of a line.
    func isInside(_ position: SourcePosition, _ file: SourceFile) -> Bool {
        guard let line = file.line(position.line) else { return false }
        return position.column >= 1 && position.column <= line.unicodeScalars.count + 1
    }

    /// Where each diagnostic and note starts (a range may end one column past its line: a caret
    /// at the end of a line marks the place after the last character).
    func allPositions(_ diagnostics: [Diagnostic]) -> [SourcePosition] {
        diagnostics.flatMap { d in ([d.range] + d.notes.map(\.range)).compactMap { $0?.start } }
    }

    /// libyaml also breaks lines at a lone CR, NEL, LS and PS, and does not count a byte order
    /// mark; a diagnostic must still point at the offending text in the line its excerpt shows.
    /// (Found by fuzzing: positions on lines past the end of the text.)
    @Test(arguments: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"], ["", "\u{FEFF}"])
    func positionsFollowTheExcerptLinesWhateverTheLineBreaks(_ br: String, _ bom: String) throws {
        let layouts = [
            ["version: 1", "timezone: UTC", "triggers:", "  x: {calendar: {weekdays: [mon, thurs], at: \"09:00\"}}"],
            ["triggers: {x: {calendar: {weekdays: [thurs], at: \"09:00\"}}}", "version: 1"],
            [
                "version: 1", "triggers:", "  y: {cron: \"0 9 * * *\"}", "  x:", "    calendar: {at: \"09:00\",", "      weekdays: [mon,",
                "        thurs]}",
            ],
        ]
        for (i, lines) in layouts.enumerated() {
            let file = SourceFile(path: "t.yaml", text: bom + lines.joined(separator: br) + (i == 1 ? "" : br))
            let diagnostics = SpecLoader.load(file).diagnostics
            let d = try #require(diagnostics.first { $0.message.contains("thurs") }, "layout \(i): \(diagnostics)")
            let range = try #require(d.range)
            let line = try #require(file.line(range.start.line), "layout \(i): line \(range.start.line)")
            let rest = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(range.start.column - 1).prefix(5)))
            #expect(rest == "thurs", "layout \(i) with \(Array(br.unicodeScalars)): \(range) shows '\(rest)'")
            #expect(allPositions(diagnostics).allSatisfy { isInside($0, file) }, "layout \(i): \(diagnostics)")
        }
    }

    /// libyaml puts the end of a text without a final line break on a line of its own; errors found
    /// there belong at the end of the last line. (Found by fuzzing.)
    @Test(arguments: [
        "version: 1\ntriggers: [a", "version: 1\ntriggers: {a: b", "a: \"open", "version: 1\r\ntriggers: [a",
        "triggers:\n  a: {cron: x", "[", "a: b\n- c", "version: 1\rtriggers: [a\r", "version: 1\u{2028}key",
    ])
    func errorsAtTheEndOfTheTextAreOnItsLastLine(_ text: String) {
        let file = SourceFile(path: "t.yaml", text: text)
        let diagnostics = SpecLoader.load(file).diagnostics
        #expect(!diagnostics.isEmpty)
        #expect(allPositions(diagnostics).allSatisfy { isInside($0, file) }, "\(diagnostics)")
    }

    @Test func duplicateKeysAreLocatedWithANoteOnTheFirst() {
        let (_, diagnostics) = compose("a: 1\nb: 2\na: 3\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == .duplicateKey)
        #expect(diagnostics.first?.range?.start == SourcePosition(line: 3, column: 1))
        #expect(diagnostics.first?.notes.first?.range?.start == SourcePosition(line: 1, column: 1))
    }

    /// Past 16 keys the composer looks keys up in a table: repeats before and after it is built,
    /// and keys equal only under Unicode canonical equivalence, are all found.
    @Test func duplicateKeysInALargeMappingPointAtTheFirst() {
        var lines = (0..<40).map { "k\($0): \($0)" }
        lines.insert("k3: again", at: 10)
        lines.append("k25: again")
        lines.append("k39: again")
        lines.append("caf\u{E9}: 1")
        lines.append("cafe\u{301}: 2")
        let (root, diagnostics) = compose(lines.joined(separator: "\n") + "\n")
        #expect(root?.mapping?.count == 45)
        #expect(diagnostics.map(\.code) == [.duplicateKey, .duplicateKey, .duplicateKey, .duplicateKey])
        #expect(diagnostics.map { $0.range!.start.line } == [11, 42, 43, 45])
        #expect(diagnostics.map { $0.notes.first!.range!.start.line } == [4, 27, 41, 44])
    }

    @Test func aliasesExpandAndBombsStop() {
        let (root, ok) = compose("a: &x {k: v}\nb: *x\n")
        #expect(ok.isEmpty)
        #expect(root?.mapping?[1].value.mapping?.first?.value.scalar == "v")

        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<12 {
            bomb += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let (node, diagnostics) = compose(bomb)
        #expect(node == nil)
        #expect(diagnostics.map(\.code) == [.tooManyNodes])
        #expect((diagnostics.first?.range?.start.line ?? 0) > 1)
    }

    @Test func undefinedAliasIsAnError() {
        let (_, diagnostics) = compose("a: *nope\n")
        #expect(diagnostics.map(\.code) == [.undefinedAlias])
    }

    @Test func deepNestingStopsAtTheLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let (node, diagnostics) = compose(deep)
        #expect(node == nil)
        #expect(diagnostics.map(\.code) == [.nestingTooDeep])
        #expect(diagnostics.first?.range?.start == SourcePosition(line: 1, column: 65))
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let limits = YAMLLimits(maxBytes: 1000)
        let (node, diagnostics) = compose(String(repeating: "# padding\n", count: 200), limits: limits)
        #expect(node == nil)
        #expect(diagnostics.map(\.code) == [.fileTooLarge])
    }

    @Test func nulBytesAndInvalidUTF8AreEncodingErrors() {
        for bytes: [UInt8] in [[0x61, 0x3A, 0x20, 0x00, 0x0A], [0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x0A], [0xC3, 0x28]] {
            var bag = DiagnosticBag()
            let node = YAMLComposer.compose(bytes, diagnostics: &bag)
            #expect(node == nil)
            #expect(bag.diagnostics.map(\.code) == [.invalidEncoding])
        }
    }

    /// libyaml reads a text that starts with a UTF-16 byte order mark as UTF-16 and counts lines
    /// and columns in that decoding; the text is refused at its first byte instead, whatever
    /// follows. (Found by fuzzing: a syntax error located 125 columns into a 40-column line.)
    @Test(arguments: [[0xFF, 0xFE], [0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00]] as [[UInt8]])
    func utf16TextIsRefusedAtItsFirstByte(_ bom: [UInt8]) throws {
        let text = "version: 1\ntriggers:\n  x\(String(repeating: "y", count: 120)): {cron: a: b}\n"
        var units: [UInt8] = []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            switch bom.count {
            case 4: units += [low, high, 0, 0]
            default: units += bom[0] == 0xFF ? [low, high] : [high, low]
            }
        }
        let file = SourceFile(path: "t.yaml", bytes: bom + units)
        let diagnostics = SpecLoader.load(file).diagnostics
        #expect(diagnostics.map(\.code) == [.invalidEncoding])
        let d = try #require(diagnostics.first)
        #expect(d.range?.start == SourcePosition(line: 1, column: 1))
        #expect(d.message.contains("UTF-16"), "\(d.message)")
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<300 {
            let length = Int(generator.next() % 400)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var bag = DiagnosticBag()
            let node = YAMLComposer.compose(bytes, diagnostics: &bag)
            // Either a document or at least one located error, never both missing.
            #expect(node != nil || bag.hasErrors)
            for d in bag.diagnostics { #expect(d.range != nil) }
        }
    }

    @Test func syntaxErrorsAreLocated() {
        let (_, diagnostics) = compose("a: [1, 2\nb: 3\n")
        #expect(diagnostics.first?.code == .yamlSyntax)
        #expect(diagnostics.first?.range?.start.line == 2)
    }

    @Test func secondDocumentIsRefused() {
        let (_, diagnostics) = compose("a: 1\n---\nb: 2\n")
        #expect(diagnostics.map(\.code) == [.multipleDocuments])
        #expect(diagnostics.first?.range?.start == SourcePosition(line: 2, column: 1))
    }

    @Test func emptyInputSaysSo() {
        let (_, diagnostics) = compose("# only a comment\n")
        #expect(diagnostics.map(\.code) == [.emptyDocument])
    }
}
