import AlmanacEscaping
import AlmanacTestSupport
import Testing

/// Generated Swift: string literals that mean exactly the text, comments that cannot end early,
/// identifiers that are names. `AlmanacCodegenTests.HostileCodegenTests` compiles the output with
/// swiftc.
@Suite struct SwiftTextTests {
    @Test func stringLiteralsEscapeEveryClass() {
        #expect(SwiftText.stringLiteral(#"say "hi" \(x)"#) == #""say \"hi\" \\(x)""#)
        #expect(SwiftText.stringLiteral("a\nb\rc\td\u{0}e") == #""a\nb\rc\td\0e""#)
        #expect(SwiftText.stringLiteral("\u{1B}\u{7F}\u{85}\u{2028}\u{202E}\u{FEFF}") == #""\u{1B}\u{7F}\u{85}\u{2028}\u{202E}\u{FEFF}""#)
        #expect(SwiftText.stringLiteral("🙂 e\u{301}") == "\"🙂 e\u{301}\"")
    }

    @Test func commentTextCannotEndTheCommentOrABlockComment() {
        #expect(SwiftText.commentText("name\rpublic let x = 1") == #"name\u{D}public let x = 1"#)
        #expect(SwiftText.commentText("a */ b /* c") == #"a *\/ b /\* c"#)
        #expect(SwiftText.commentText("`key`") == "`key`")
    }

    @Test(arguments: HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" })
    func outputHasNoRawControlCharacter(_ text: String) {
        #expect(ControlCharacter.first(in: SwiftText.stringLiteral(text)) == nil)
        let comment = SwiftText.commentText(text)
        #expect(ControlCharacter.first(in: comment) == nil && !comment.contains("*/") && !comment.contains("/*"))
    }

    @Test func identifiersAreASCIINamesWithKeywordsInBackticks() {
        #expect(SwiftText.identifier("morningPill") == "morningPill")
        #expect(SwiftText.identifier("_2fa") == "_2fa")
        #expect(SwiftText.identifier("default") == "`default`")
        #expect(SwiftText.identifier("Type") == "`Type`")
        for bad in ["", "_", "2fa", "a-b", "a b", "é", "a\u{0}"] { #expect(SwiftText.identifier(bad) == nil, "\(bad)") }
    }
}
