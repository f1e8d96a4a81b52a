/// The console's forms: sign in, sign out, and an action, each a POST that must come from the
/// console's own pages (same origin, and the CSRF field equal to its cookie).
extension Console {
    func post(_ request: ConsoleRequest, pages: ConsolePages, viewer: ConsoleViewer) async throws -> ConsoleResponse {
        guard let form = request.form else { throw BadRequest(description: "the form could not be read") }
        guard Self.isSameOrigin(request) else {
            return html(403, pages.message("Refused", "This form was sent from another site.", refused: true))
        }
        guard let cookie = request.cookie(Self.csrfCookie), let field = form["csrf"],
            ConsoleOperators.equalInConstantTime(cookie, field), cookie.utf8.count >= 16
        else {
            return html(
                403, pages.message("Refused", "The form's CSRF token is missing or stale: load the page again and resend.", refused: true))
        }
        switch request.path {
        case "/login":
            guard let operators, source.acceptsActions else {
                return html(403, pages.message("Refused", "This console is read-only.", refused: true))
            }
            guard let name = operators.named(byToken: form["token"] ?? "") else {
                return html(401, pages.login(message: "That token is not one of this console's."))
            }
            let session = sessions.open(for: name)
            return redirect("/", cookies: ["\(Self.sessionCookie)=\(session); Path=/; HttpOnly; SameSite=Strict"])
        case "/logout":
            if let session = request.cookie(Self.sessionCookie) { sessions.close(session) }
            return redirect("/", cookies: ["\(Self.sessionCookie)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"])
        default:
            guard viewer.actionsEnabled else {
                return html(
                    403, pages.message("Refused", "This console is read-only: actions need --token-file and a store.", refused: true))
            }
            guard let name = viewer.operatorName else {
                return html(401, pages.message("Refused", "Sign in with an operator token to act.", refused: true))
            }
            guard let action = ConsoleAction(name: form["action"] ?? "", spec: form["spec"] ?? "", target: form["target"] ?? "") else {
                throw BadRequest(
                    description:
                        "action, spec and target are required, and action must be one of \(ConsoleAction.names.joined(separator: ", "))")
            }
            _ = try await source.perform(action, by: name)
            let back = Self.localPath(form["back"])
            return redirect(back + (back.contains("?") ? "&" : "?") + "done=" + action.name)
        }
    }

    /// A path on this console, never another site (`//host`, `/\host`, a scheme): else `/`.
    static func localPath(_ text: String?) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
            !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return "/" }
        return text
    }

    /// A POST from a page of this console: a browser's `Sec-Fetch-Site` and `Origin` (when sent) say so.
    static func isSameOrigin(_ request: ConsoleRequest) -> Bool {
        if let site = request.headers["sec-fetch-site"], site != "same-origin", site != "none" { return false }
        if let origin = request.headers["origin"] {
            guard let host = request.headers["host"], origin == "http://" + host || origin == "https://" + host else { return false }
        }
        return true
    }

    func redirect(_ location: String, cookies: [String] = []) -> ConsoleResponse {
        html(
            303, "<!DOCTYPE html>\n<p><a href=\"\(ConsoleHTML.attribute(location))\">Continue</a></p>\n",
            headers: [(name: "Location", value: location)] + cookies.map { (name: "Set-Cookie", value: $0) })
    }
}
