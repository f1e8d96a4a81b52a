import AlmanacConsole
import AlmanacEscaping
import AlmanacJSON
import Testing

/// Every page and API answer over hostile names: markup, quotes and bidirectional overrides come out
/// as text (escaped in HTML, exact in JSON), under a strict Content-Security-Policy, with no script
/// and no inline style anywhere.
struct ConsolePageTests {
    /// Every HTML page, by path and query (as a browser would send it).
    static func pages() -> [(String, String)] {
        let spec = URLText.component(FixedSource.hostileSpec)
        return [
            ("/", ""), ("/spec", "id=\(spec)"), ("/spec", "id=\(spec)&trigger=\(URLText.component(FixedSource.hostileTrigger))"),
            ("/upcoming", ""), ("/recent", ""), ("/trouble", ""), ("/executors", ""),
            ("/fire", "spec=\(spec)&id=\(URLText.component(FixedSource.hostileFire))"), ("/fire", "spec=\(spec)&id=t%401"), ("/login", ""),
        ]
    }

    @Test(arguments: [false, true])
    func hostileValuesAreTextOnEveryPage(signedIn: Bool) async throws {
        let fixture = ConsoleFixture()
        let cookies = signedIn ? await fixture.signIn() : nil
        for (path, query) in Self.pages() {
            let response = await fixture.get(path, query: query, cookies: cookies)
            #expect(response.status == 200, "\(path)?\(query)")
            let html = response.text
            // The hostile values' own markup, never the console's (which has `<b>` of its own).
            for forbidden in ["<script", "<img src=x", "<b>x", "<b>gone", "<i>", "<u>", "\u{202E}", "style=", "<style", "onerror=\""] {
                #expect(!html.contains(forbidden), "\(path)?\(query) holds \(forbidden.debugDescription)")
            }
            #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
            #expect(response.header("Content-Security-Policy")?.contains("script-src") == false)
            #expect(response.header("X-Frame-Options") == "DENY")
        }
        let spec = await fixture.get("/spec", query: "id=" + URLText.component(FixedSource.hostileSpec), cookies: cookies)
        // Escaped, and the bidirectional override written visibly.
        #expect(spec.text.contains("team&quot;&lt;b&gt;x&lt;/b&gt;&#39;&amp;") || spec.text.contains("team\"&lt;b&gt;x&lt;/b&gt;'&amp;"))
        #expect(spec.text.contains("\\u{202E}evil"))
        #expect(spec.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func timesAreInThePlansZoneWithUTCOnHover() async throws {
        let page = await ConsoleFixture().get("/upcoming")
        // 1764000000 s is 2025-11-24T16:00:00Z, 11:00 in New York (UTC−5 in November).
        #expect(page.text.contains("<time datetime=\"2025-11-24T16:00:00Z\" title=\"2025-11-24T16:00:00Z UTC\">2025-11-24 11:00:00</time>"))
    }

    @Test func theAPIGivesTheSameFactsAsExactJSON() async throws {
        let fixture = ConsoleFixture()
        let spec = URLText.component(FixedSource.hostileSpec)
        let specs = try JSONReader.parse((await fixture.get("/api/specs")).body)
        #expect(specs["items"]?.arrayValue?.first?["id"]?.stringValue == FixedSource.hostileSpec)
        #expect(specs["items"]?.arrayValue?.first?["remaining_seconds"] == .number("259200.0"))
        let fire = await fixture.get("/api/fire", query: "spec=\(spec)&id=\(URLText.component(FixedSource.hostileFire))")
        #expect(fire.status == 200 && fire.contentType == "application/json")
        let value = try JSONReader.parse(fire.body)
        #expect(value["id"]?.stringValue == FixedSource.hostileFire)
        #expect(value["payload"] == FixedSource.hostilePayload)
        #expect(value["due"]?.stringValue == "2025-11-24T16:00:00Z")
        #expect((await fixture.get("/api/fire", query: "spec=\(spec)&id=nope")).status == 404)
        #expect((await fixture.get("/api/fire", query: "spec=\(spec)")).status == 400)
    }

    @Test func everyListPaginatesWithACursor() async throws {
        let fixture = ConsoleFixture()
        let first = await fixture.get("/upcoming", query: "n=4")
        #expect(first.text.contains("Next page"))
        #expect(first.text.components(separatedBy: "<tr>").count - 2 == 4)
        let api = try JSONReader.parse((await fixture.get("/api/upcoming", query: "n=4")).body)
        let next = try #require(api["next"]?.stringValue)
        let second = try JSONReader.parse((await fixture.get("/api/upcoming", query: "n=4&after=" + URLText.component(next))).body)
        #expect(second["items"]?.arrayValue?.count == 2)
        #expect(second["next"] == .null)
        #expect((await fixture.get("/api/upcoming", query: "after=nonsense")).status == 400)
        #expect((await fixture.get("/upcoming", query: "n=100000")).status == 400)
    }

    @Test func theTimelineIsRenderSVGOnItsOwnURL() async throws {
        let svg = await ConsoleFixture().get("/timeline.svg", query: "spec=" + URLText.component(FixedSource.hostileSpec))
        #expect(svg.status == 200 && svg.contentType == "image/svg+xml")
        #expect(svg.text.hasPrefix("<svg") || svg.text.hasPrefix("<?xml"))
        #expect(!svg.text.contains("<script>"))
    }
}
