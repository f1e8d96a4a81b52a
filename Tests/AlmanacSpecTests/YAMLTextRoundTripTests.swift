import AlmanacEscaping
import AlmanacTestSupport
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// Our own YAML reader (libyaml, through the composer) as the judge of `YAMLText`: every class of
/// character written as a scalar reads back as itself, and written as a comment adds nothing to the
/// document, in block and in flow context.
@Suite struct YAMLTextRoundTripTests {
    static let texts =
        HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" } + [
            "\u{FEFF}leading byte order mark", "\u{FFFE}\u{FFFF}", "", " leading and trailing ", "null", "~", "yes", "0x1F", "- item",
        ]

    @Test(arguments: texts)
    func scalarsReadBackAndCommentsAddNothing(_ text: String) throws {
        let document = """
            \(YAMLText.comment(text))
            first: \(YAMLText.doubleQuoted(text))
              \(YAMLText.comment(text))
            flow: {a: \(YAMLText.doubleQuoted(text)), b: [\(YAMLText.doubleQuoted(text))]}
            \(YAMLText.comment(text))
            last: 1

            """
        var bag = DiagnosticBag()
        let root = YAMLComposer.compose(Array(document.utf8), diagnostics: &bag)
        #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics.map(\.message))\n\(document)")
        let pairs = try #require(root?.mapping)
        #expect(pairs.map(\.key.scalar) == ["first", "flow", "last"], "\(document)")
        #expect(pairs[0].value.scalar == text)
        let flow = try #require(pairs[1].value.mapping)
        #expect(flow.first?.value.scalar == text && flow.last?.value.sequence?.first?.scalar == text)
    }
}
