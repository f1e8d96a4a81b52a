import AlmanacEscaping
import Testing

/// URL components: every class of character that could end a parameter or the URL is encoded, and
/// decoding gives back exactly what was encoded.
struct URLTextTests {
    @Test func encodesEverythingButTheUnreservedCharacters() {
        #expect(URLText.component("a-b_c.d~E9") == "a-b_c.d~E9")
        #expect(URLText.component("a b&c=d#e?f/g+h%") == "a%20b%26c%3Dd%23e%3Ff%2Fg%2Bh%25")
        #expect(URLText.component("\"'<>") == "%22%27%3C%3E")
        #expect(URLText.component("é\u{202E}") == "%C3%A9%E2%80%AE")
        #expect(URLText.component("\u{0}\n") == "%00%0A")
    }

    @Test func decodesWhatItEncodesForEveryClass() {
        let hostile = ["standup@2026-11-23T09:00:00", "<script>alert(1)</script>", "a&b=c", "\u{202E}evil\u{202C}", "x y+z", "100%", "日本"]
        for value in hostile {
            let pairs = URLText.pairs("k=" + URLText.component(value) + "&other=1")
            #expect(pairs?.first?.name == "k")
            #expect(pairs?.first?.value == value)
            #expect(pairs?.count == 2)
        }
    }

    @Test func readsFormsAsBrowsersSendThem() {
        #expect(URLText.pairs("a=1+2&b=&c")!.map { "\($0.name)=\($0.value)" } == ["a=1 2", "b=", "c="])
        #expect(URLText.pairs("a=%zz") == nil)
        #expect(URLText.pairs("a=%C3") == nil)
        #expect(URLText.pairs("a=%4") == nil)
    }
}
