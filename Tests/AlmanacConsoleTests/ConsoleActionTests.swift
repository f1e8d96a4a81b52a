import AlmanacConsole
import AlmanacJSON
import Testing

/// Who may act: only an operator who signed in with a token, from a form of the console's own pages
/// (CSRF field equal to its cookie, same origin), or an API call with a bearer token; a console
/// without operators is read-only. Each refusal leaves the source untouched.
struct ConsoleActionTests {
    static func form(_ csrf: String, action: String = "retry", target: String = "t@1") -> [(String, String)] {
        [("csrf", csrf), ("action", action), ("spec", FixedSource.hostileSpec), ("target", target), ("back", "/trouble")]
    }

    static func csrf(_ cookies: String) -> String {
        String(cookies.split(separator: ";")[0].split(separator: "=")[1])
    }

    @Test func aSignedInOperatorActsAndIsNamed() async throws {
        let fixture = ConsoleFixture()
        let cookies = await fixture.signIn()
        let response = await fixture.post(
            "/action", form: Self.form(Self.csrf(cookies)), cookies: cookies, headers: ["origin": "http://h:1", "host": "h:1"])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/trouble?done=retry")
        #expect(fixture.source.performed.count == 1)
        #expect(fixture.source.performed.first?.0 == .retry(spec: FixedSource.hostileSpec, fire: "t@1"))
        #expect(fixture.source.performed.first?.1 == "alice")
        // The pages offer the buttons once signed in, each form carrying the CSRF token.
        let page = await fixture.get("/trouble", cookies: cookies)
        #expect(page.text.contains("name=\"action\" value=\"retry\""))
        #expect(page.text.contains("name=\"csrf\" value=\"\(Self.csrf(cookies))\""))
    }

    @Test func everyWayWithoutTheRightsIsRefused() async throws {
        let fixture = ConsoleFixture()
        let cookies = await fixture.signIn()
        let csrf = Self.csrf(cookies)
        let anonymous = "almanac_csrf=\(csrf)"
        let cases: [(String, [(String, String)], String?, [String: String], Int)] = [
            ("no session", Self.form(csrf), anonymous, [:], 401),
            ("no CSRF field", Self.form(csrf).filter { $0.0 != "csrf" }, cookies, [:], 403),
            ("a CSRF field unlike its cookie", Self.form("0123456789abcdef-other"), cookies, [:], 403),
            ("no cookies at all", Self.form(csrf), nil, [:], 403),
            ("another site's origin", Self.form(csrf), cookies, ["origin": "http://evil.example", "host": "h:1"], 403),
            ("a cross-site fetch", Self.form(csrf), cookies, ["sec-fetch-site": "cross-site"], 403),
            ("a forged session", Self.form(csrf), "almanac_csrf=\(csrf); almanac_session=secret-99-0123456789abcdef", [:], 401),
        ]
        for (why, form, cookie, headers, status) in cases {
            let response = await fixture.post("/action", form: form, cookies: cookie, headers: headers)
            #expect(response.status == status, "\(why)")
        }
        let wrongToken = await fixture.post("/login", form: [("csrf", csrf), ("token", ConsoleFixture.token + "x")], cookies: anonymous)
        #expect(wrongToken.status == 401 && ConsoleFixture.cookie(wrongToken, "almanac_session") == nil)
        #expect(fixture.source.performed.isEmpty)
        // Signed out, the session no longer acts.
        _ = await fixture.post("/logout", form: [("csrf", csrf)], cookies: cookies)
        #expect((await fixture.post("/action", form: Self.form(csrf), cookies: cookies)).status == 401)
        #expect(fixture.source.performed.isEmpty)
    }

    @Test func withoutOperatorsTheConsoleIsReadOnly() async throws {
        let fixture = ConsoleFixture(operators: false)
        let page = await fixture.get("/trouble")
        let csrf = try #require(ConsoleFixture.cookie(page, "almanac_csrf"))
        #expect(!page.text.contains("<form class=\"act\""))
        #expect(page.text.contains("read-only"))
        #expect(
            (await fixture.post("/login", form: [("csrf", csrf), ("token", ConsoleFixture.token)], cookies: "almanac_csrf=\(csrf)")).status
                == 403)
        #expect((await fixture.post("/action", form: Self.form(csrf), cookies: "almanac_csrf=\(csrf)")).status == 403)
        let api = await fixture.console.respond(
            ConsoleRequest(
                method: "POST", path: "/api/actions",
                headers: ["authorization": "Bearer " + ConsoleFixture.token, "content-type": "application/json"],
                body: Array(#"{"action":"retry","spec":"s","target":"t@1"}"#.utf8)))
        #expect(api.status == 403)
        #expect(fixture.source.performed.isEmpty)
    }

    @Test func theAPITakesABearerTokenAndNoCookie() async throws {
        let fixture = ConsoleFixture()
        let cookies = await fixture.signIn()
        let body = Array(JSONWriter.inline(.object(["action": "cancel", "spec": .string(FixedSource.hostileSpec), "target": "t@2"])).utf8)
        func call(_ headers: [String: String]) async -> ConsoleResponse {
            await fixture.console.respond(ConsoleRequest(method: "POST", path: "/api/actions", headers: headers, body: body))
        }
        #expect((await call(["cookie": cookies, "content-type": "application/json"])).status == 401)
        #expect((await call(["authorization": "Bearer wrong-token-0123456789", "content-type": "application/json"])).status == 401)
        #expect((await call(["authorization": "Bearer " + ConsoleFixture.token, "content-type": "text/plain"])).status == 400)
        #expect(fixture.source.performed.isEmpty)
        let done = await call(["authorization": "Bearer " + ConsoleFixture.token, "content-type": "application/json"])
        #expect(done.status == 200)
        #expect(try JSONReader.parse(done.body)["by"] == .string("alice"))
        #expect(fixture.source.performed.first?.0 == .cancel(spec: FixedSource.hostileSpec, fire: "t@2"))
    }

    @Test func aRefusalIsShownInTheOperatorsWordsEscaped() async throws {
        let fixture = ConsoleFixture()
        let cookies = await fixture.signIn()
        let response = await fixture.post("/action", form: Self.form(Self.csrf(cookies), target: "refuse-me"), cookies: cookies)
        #expect(response.status == 409)
        #expect(
            response.text.contains("fire &#39;&lt;b&gt;refuse-me&lt;/b&gt;&#39; is done now")
                || response.text.contains("&lt;b&gt;refuse-me&lt;/b&gt;"))
    }

    @Test func tokensAndRedirectsAreChecked() throws {
        #expect(ConsoleOperators.equalInConstantTime("abc", "abc"))
        #expect(!ConsoleOperators.equalInConstantTime("abc", "abd"))
        #expect(!ConsoleOperators.equalInConstantTime("abc", "abcd"))
        #expect(!ConsoleOperators.equalInConstantTime("", "a"))
        let operators = try ConsoleOperators(fileText: "# ops\nalice 0123456789abcdef0\n\n9876543210fedcba-x\n")
        #expect(operators.named(byToken: "0123456789abcdef0") == "alice")
        #expect(operators.named(byToken: "9876543210fedcba-x") == "operator")
        #expect(operators.named(byToken: "0123456789abcdef") == nil)
        #expect(throws: ConsoleOperators.Invalid.self) { try ConsoleOperators(fileText: "alice short\n") }
        #expect(throws: ConsoleOperators.Invalid.self) { try ConsoleOperators(fileText: "# nothing\n") }
    }
}
