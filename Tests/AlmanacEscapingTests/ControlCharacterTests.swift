import AlmanacEscaping
import AlmanacTestSupport
import Testing

/// The classes every escaping rule decides on, checked over all of Unicode against Unicode's own
/// properties, and the visible notation every format shares.
@Suite struct ControlCharacterTests {
    /// Exactly the scalars whose general category is Control (Cc), Line or Paragraph Separator
    /// (Zl, Zp), or that are bidirectional embeddings, overrides or isolates (Bidi_Control less the
    /// marks LRM, RLM and ALM, which change no order on their own).
    @Test func theClassesAreUnicodesControlsSeparatorsAndBidiControls() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let p = scalar.properties
            let expected =
                p.generalCategory == .control || p.generalCategory == .lineSeparator || p.generalCategory == .paragraphSeparator
                || (p.isBidiControl && ![0x200E, 0x200F, 0x061C].contains(value))
            if (ControlCharacter(scalar) != nil) != expected { mismatches.append(ControlCharacter.codePoint(scalar)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func eachClassHasItsScalars() {
        let expected: [(UInt32, ControlCharacter)] = [
            (0x00, .nul), (0x09, .tab), (0x0A, .lineFeed), (0x0D, .carriageReturn), (0x1B, .otherC0), (0x01, .otherC0),
            (0x1F, .otherC0), (0x7F, .delete), (0x85, .nextLine), (0x80, .otherC1), (0x9B, .otherC1), (0x9F, .otherC1),
            (0x2028, .lineSeparator), (0x2029, .paragraphSeparator), (0x202A, .bidirectional), (0x202E, .bidirectional),
            (0x2066, .bidirectional), (0x2069, .bidirectional),
        ]
        for (value, kind) in expected { #expect(ControlCharacter(Unicode.Scalar(value)!) == kind, "\(value)") }
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0x200E, 0x200F, 0x2027, 0x202F, 0x2065, 0x206A, 0xFEFF] {
            #expect(ControlCharacter(Unicode.Scalar(value)!) == nil, "\(value)")
        }
        #expect(Set(HostileText.controlScalars.compactMap(ControlCharacter.init)) == Set(ControlCharacter.allCases))
    }

    @Test func lineBreaksAreTheOnesSomeReaderEndsALineAt() {
        #expect(
            Set(ControlCharacter.allCases.filter(\.endsALine)) == [
                .lineFeed, .carriageReturn, .nextLine, .lineSeparator, .paragraphSeparator,
            ])
    }

    @Test func visibleNotationAndCodePoints() {
        #expect(ControlCharacter.visible("\u{1B}") == #"\u{1B}"#)
        #expect(ControlCharacter.visible("\u{0}") == #"\u{0}"#)
        #expect(ControlCharacter.visible("\u{202E}") == #"\u{202E}"#)
        #expect(ControlCharacter.codePoint("\r") == "U+000D")
        #expect(ControlCharacter.codePoint("\u{2028}") == "U+2028")
        #expect(ControlCharacter.codePoint("🙂") == "U+1F642")
    }

    @Test func firstFindsTheOffsetInScalarsAndHonoursAllowed() {
        #expect(ControlCharacter.first(in: "plain text") == nil)
        let found = ControlCharacter.first(in: "é\tx\ry")
        #expect(found?.kind == .tab && found?.offset == 1)
        let past = ControlCharacter.first(in: "é\tx\ry", allowing: [.tab])
        #expect(past?.kind == .carriageReturn && past?.offset == 3 && past?.scalar == "\r")
        #expect(ControlCharacter.first(in: "a\u{2028}", allowing: [.tab, .lineFeed])?.kind == .lineSeparator)
    }
}
