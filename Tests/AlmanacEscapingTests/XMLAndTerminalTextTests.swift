import AlmanacEscaping
import AlmanacTestSupport
import Testing

/// XML/HTML text (render's SVG and HTML, JUnit reports) and terminal text: markup inert, nothing
/// XML 1.0 forbids, nothing a terminal acts on. xml.etree parses the rendered files and reports in
/// `scripts/hostile/judges.py`.
@Suite struct XMLAndTerminalTextTests {
    @Test func markupCharactersAreEntitiesInContentAndAttributes() {
        #expect(XMLText.content("<script>a & 'b' \"c\"</script>") == "&lt;script&gt;a &amp; 'b' \"c\"&lt;/script&gt;")
        #expect(XMLText.attribute("<a & 'b' \"c\">") == "&lt;a &amp; &#39;b&#39; &quot;c&quot;&gt;")
        #expect(XMLText.content("a\tb\nc") == "a\tb\nc")
        #expect(XMLText.attribute("a\tb\nc") == "a&#9;b&#10;c")
        #expect(
            XMLText.content("a\rb\u{0}c\u{1B}d\u{85}e\u{2028}f\u{202E}g\u{FFFE}")
                == #"a\u{D}b\u{0}c\u{1B}d\u{85}e\u{2028}f\u{202E}g\u{FFFE}"#)
    }

    @Test(arguments: HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" })
    func outputHasNoMarkupAndNothingXMLForbids(_ text: String) {
        let inContent: Set<ControlCharacter> = [.tab, .lineFeed]
        let written: [(text: String, allowed: Set<ControlCharacter>)] = [(XMLText.content(text), inContent), (XMLText.attribute(text), [])]
        for (written, allowed) in written {
            #expect(ControlCharacter.first(in: written, allowing: allowed) == nil, "\(written)")
            #expect(!written.contains("<") && !written.contains(">"))
            #expect(allowed.isEmpty ? !written.contains("\"") && !written.contains("'") : true)
            #expect(!written.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF })
        }
    }

    @Test func terminalTextShowsEveryClassVisibly() {
        #expect(TerminalText.visible("plain") == "plain")
        #expect(TerminalText.visible("a\rb\u{1B}[2J\u{202E}c\td\u{2028}") == #"a\u{D}b\u{1B}[2J\u{202E}c\u{9}d\u{2028}"#)
        for scalar in HostileText.controlScalars {
            #expect(TerminalText.visible("x\(Character(scalar))y") == "x" + ControlCharacter.visible(scalar) + "y")
        }
    }
}
