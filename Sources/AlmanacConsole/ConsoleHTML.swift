import AlmanacEscaping

/// Who looks at a page: the operator signed in (if any), the page's CSRF token for its forms, and
/// whether actions are offered at all.
struct ConsoleViewer: Sendable {
    var operatorName: String?
    var csrf: String
    /// Actions configured (`--token-file`) and the source takes them (a store, not a state directory).
    var actionsEnabled: Bool
    var canAct: Bool { actionsEnabled && operatorName != nil }
}

/// The pieces every page is made of. Every value from the store passes through `XMLText` (text and
/// attributes) and every URL parameter through `URLText`: nothing here writes a value raw.
enum ConsoleHTML {
    /// A whole page: the layout, the navigation, the sign-in state, then `body`.
    static func page(_ title: String, _ body: String, viewer: ConsoleViewer) -> String {
        var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        h += "<title>\(text(title)) · almanac</title>\n<link rel=\"stylesheet\" href=\"/console.css\">\n</head>\n<body>\n<header>\n"
        h += "<a class=\"brand\" href=\"/\">almanac</a>\n<nav>"
        for (path, name) in [
            ("/", "Specs"), ("/upcoming", "Upcoming"), ("/recent", "Deliveries"), ("/trouble", "In doubt &amp; failed"),
            ("/executors", "Executors"),
        ] {
            h += "<a href=\"\(path)\">\(name)</a>"
        }
        h += "</nav>\n<span class=\"who\">"
        if let name = viewer.operatorName {
            h += "signed in as <b>\(text(name))</b> "
            h += "<form method=\"post\" action=\"/logout\">\(csrfField(viewer))<button type=\"submit\">Sign out</button></form>"
        } else if viewer.actionsEnabled {
            h += "<a href=\"/login\">Sign in to act</a>"
        } else {
            h += "read-only"
        }
        h += "</span>\n</header>\n<main>\n" + body + "</main>\n</body>\n</html>\n"
        return h
    }

    static func text(_ value: String) -> String { XMLText.content(value) }
    static func attribute(_ value: String) -> String { XMLText.attribute(value) }

    /// `path?name=value&…`, each value percent-encoded; pairs with a nil value are left out.
    static func href(_ path: String, _ parameters: [(String, String?)] = []) -> String {
        let query = parameters.compactMap { name, value in value.map { "\(name)=\(URLText.component($0))" } }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    static func link(_ label: String, _ path: String, _ parameters: [(String, String?)] = [], className: String? = nil) -> String {
        let cls = className.map { " class=\"\(attribute($0))\"" } ?? ""
        return "<a\(cls) href=\"\(attribute(href(path, parameters)))\">\(text(label))</a>"
    }

    static func fireLink(_ spec: String, _ id: String) -> String {
        link(id, "/fire", [("spec", spec), ("id", id)], className: "id")
    }

    /// A state with its colour and its name.
    static func badge(_ state: String, label: String? = nil) -> String {
        let cls = state.replacingSpaces
        return "<span class=\"state state-\(attribute(cls))\">\(text(label ?? state.replacingUnderscores))</span>"
    }

    /// A fire's state, `failed` for a delivery that did not go well.
    static func fireBadge(_ fire: ConsoleFire) -> String {
        fire.state == "done" && !ConsoleFire.succeeded(fire.outcome) ? badge("failed") : badge(fire.state)
    }

    static func table(_ headers: [String], _ rows: [[String]], wide: Set<Int> = [], numeric: Set<Int> = []) -> String {
        guard !rows.isEmpty else { return "<p class=\"muted\">None.</p>\n" }
        func cls(_ i: Int) -> String {
            let classes = (wide.contains(i) ? ["wide"] : []) + (numeric.contains(i) ? ["n"] : [])
            return classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
        }
        var h = "<div class=\"scroll\"><table>\n<thead><tr>"
        for (i, header) in headers.enumerated() { h += "<th\(cls(i))>\(text(header))</th>" }
        h += "</tr></thead>\n<tbody>\n"
        for row in rows {
            h += "<tr>"
            for (i, cell) in row.enumerated() { h += "<td\(cls(i))>\(cell)</td>" }
            h += "</tr>\n"
        }
        return h + "</tbody></table></div>\n"
    }

    /// "Next page" (and "First page" when not on it) for a list at `path` with `parameters`.
    static func pager(_ path: String, _ parameters: [(String, String?)], next: ConsoleCursor?, isFirst: Bool) -> String {
        guard next != nil || !isFirst else { return "" }
        var h = "<p class=\"pager\">"
        if !isFirst { h += link("First page", path, parameters) }
        if let next { h += link("Next page →", path, parameters + [("after", next.text)]) }
        return h + "</p>\n"
    }

    static func csrfField(_ viewer: ConsoleViewer) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(attribute(viewer.csrf))\">"
    }

    /// A one-button form posting `action` on `spec` and `target`, back to `back` afterwards.
    static func actionForm(
        _ action: String, label: String, spec: String, target: String, back: String, viewer: ConsoleViewer, danger: Bool = false
    )
        -> String
    {
        guard viewer.canAct else { return "" }
        var h = "<form class=\"act\" method=\"post\" action=\"/action\">" + csrfField(viewer)
        h += "<input type=\"hidden\" name=\"action\" value=\"\(attribute(action))\">"
        h += "<input type=\"hidden\" name=\"spec\" value=\"\(attribute(spec))\">"
        h += "<input type=\"hidden\" name=\"target\" value=\"\(attribute(target))\">"
        h += "<input type=\"hidden\" name=\"back\" value=\"\(attribute(back))\">"
        h +=
            "<button type=\"submit\" name=\"do\" value=\"\(attribute(action))\"\(danger ? " class=\"danger\"" : "")>\(text(label))</button></form>"
        return h
    }

    static func notice(_ message: String, refused: Bool = false) -> String {
        "<p class=\"notice\(refused ? " refused" : "")\" role=\"status\">\(text(message))</p>\n"
    }

    static func number(_ value: Double?) -> String {
        value.map { ConsoleTime.formatFraction($0) + " s" } ?? ""
    }
}

extension String {
    var replacingSpaces: String { String(map { $0 == " " ? "-" : $0 }).split(separator: "-").first.map(String.init) ?? self }
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
