import AlmanacJSON

/// The console's HTML pages, each from the facts a source gave (no reading of its own).
struct ConsolePages {
    let time: ConsoleTime
    let viewer: ConsoleViewer
    let now: ConsoleMoment

    typealias H = ConsoleHTML

    func overview(_ specs: ConsoleList<ConsoleSpec>, trouble: Int, executors: [ConsoleExecutor], isFirst: Bool) -> String {
        var b = "<h1>Specs</h1>\n<div class=\"cards\">"
        b += "<a href=\"/trouble\"><b>\(trouble)\(trouble > 50 ? "+" : "")</b>in doubt or failed</a>"
        let lost = executors.filter { $0.condition == "lost" }.count
        b += "<a href=\"/executors\"><b>\(executors.count)</b>executors\(lost > 0 ? " (\(lost) lost)" : "")</a></div>\n"
        let rows = specs.items.map { s -> [String] in
            let left = s.window.map { w -> String in
                let seconds = Double(w.to.microseconds - now.microseconds) / 1e6
                return seconds > 0 ? ConsoleTime.span(seconds) + " left" : "ended " + ConsoleTime.span(seconds) + " ago"
            }
            let states = s.states.sorted { $0.key < $1.key }.map { "\(H.text($0.key.replacingUnderscores)) \($0.value)" }
            return [
                H.link(s.id, "/spec", [("id", s.id)], className: "id"), "\(s.revision)",
                s.window.map { time.element($0.to, zone: s.zone) + " (" + H.text(left ?? "") + ")" } ?? "no plan",
                s.nextDue.map { time.element($0, zone: s.zone) } ?? "none",
                states.joined(separator: ", "), H.text(s.zone),
            ]
        }
        b += H.table(["spec", "revision", "window ends", "next due", "fires", "zone"], rows, wide: [4, 5], numeric: [1])
        b += H.pager("/", [], next: specs.next, isFirst: isFirst)
        return H.page("Specs", b, viewer: viewer)
    }

    func spec(_ s: ConsoleSpec, upcoming: ConsoleList<ConsoleFire>, trigger: String?, isFirst: Bool, note: String?) -> String {
        var b = "<h1>Spec <span class=\"id\">\(H.text(s.id))</span></h1>\n" + (note.map { H.notice($0) } ?? "")
        b += "<dl class=\"facts\">"
        b += "<dt>name</dt><dd>\(H.text(s.name))</dd><dt>revision</dt><dd>\(s.revision)</dd>"
        b += "<dt>sha256</dt><dd class=\"id\">\(H.text(s.sha256 ?? "none"))</dd>"
        if let p = s.published { b += "<dt>published</dt><dd>\(time.element(p.at, zone: s.zone)) by \(H.text(p.by))</dd>" }
        if let w = s.window {
            let left = Double(w.to.microseconds - now.microseconds) / 1e6
            b += "<dt>window</dt><dd>\(time.element(w.from, zone: s.zone)) → \(time.element(w.to, zone: s.zone))"
            b += " (\(H.text(left > 0 ? ConsoleTime.span(left) + " left" : "ended")))</dd>"
        }
        b += "<dt>times in</dt><dd>\(H.text(s.zone)) (UTC on hover)</dd>"
        b += "<dt>executors' last beat</dt><dd>\(s.lastBeat.map { time.element($0, zone: s.zone) } ?? "never")</dd></dl>\n"
        b +=
            "<h2>Timeline</h2>\n<img class=\"timeline\" alt=\"the next fires of each trigger\" src=\"\(H.attribute(H.href("/timeline.svg", [("spec", s.id)])))\">\n"
        b += "<h2>Triggers</h2>\n"
        let back = H.href("/spec", [("id", s.id)])
        let rows = s.triggers.map { t -> [String] in
            var state = H.badge("running", label: "active")
            var action = H.actionForm("pause", label: "Pause", spec: s.id, target: t.id, back: back, viewer: viewer, danger: true)
            if let paused = t.paused {
                state = H.badge("paused") + " by " + H.text(paused.by) + " " + time.element(paused.at, zone: s.zone)
                action = H.actionForm("resume", label: "Resume", spec: s.id, target: t.id, back: back, viewer: viewer)
            }
            return [
                H.link(t.id, "/spec", [("id", s.id), ("trigger", t.id)], className: "id"), H.text(t.kind), state + " " + action,
                "<span class=\"id\">\(H.text(JSONWriter.inline(t.payload)))</span>",
            ]
        }
        b += H.table(["trigger", "kind", "state", "payload"], rows, wide: [3])
        b += "<h2>Upcoming" + (trigger.map { " of <span class=\"id\">\(H.text($0))</span>" } ?? "") + "</h2>\n"
        b += fireTable(upcoming.items, showSpec: false, back: back, upcoming: true)
        b += H.pager("/spec", [("id", s.id), ("trigger", trigger)], next: upcoming.next, isFirst: isFirst)
        return H.page("Spec \(s.id)", b, viewer: viewer)
    }

    func fireList(
        _ title: String, path: String, _ list: ConsoleList<ConsoleFire>, parameters: [(String, String?)], isFirst: Bool, upcoming: Bool,
        note: String?
    ) -> String {
        var b = "<h1>\(H.text(title))</h1>\n" + (note.map { H.notice($0) } ?? "")
        b += fireTable(list.items, showSpec: true, back: H.href(path, parameters), upcoming: upcoming)
        b += H.pager(path, parameters, next: list.next, isFirst: isFirst)
        return H.page(title, b, viewer: viewer)
    }

    func fireTable(_ fires: [ConsoleFire], showSpec: Bool, back: String, upcoming: Bool) -> String {
        let rows = fires.map { f -> [String] in
            var row = [time.element(upcoming ? f.due : (f.finished ?? f.due), zone: f.zone)]
            if showSpec { row.append(H.link(f.spec, "/spec", [("id", f.spec)], className: "id")) }
            row += [
                "<span class=\"id\">\(H.text(f.trigger))</span>", H.fireLink(f.spec, f.id), H.fireBadge(f), "\(f.attempt)",
                H.text(f.executor ?? ""), H.number(f.lateness), H.text(f.outcome ?? ""),
            ]
            if viewer.canAct { row.append(actions(f, back: back)) }
            return row
        }
        var headers = [upcoming ? "due" : "finished"] + (showSpec ? ["spec"] : [])
        headers += ["trigger", "fire", "state", "attempt", "executor", "lateness", "outcome"]
        if viewer.canAct { headers.append("act") }
        let shift = showSpec ? 1 : 0
        return H.table(headers, rows, wide: [5 + shift, 6 + shift, 7 + shift], numeric: [4 + shift, 6 + shift])
    }

    /// The buttons a fire's state allows.
    func actions(_ f: ConsoleFire, back: String) -> String {
        switch f.state {
        case "pending":
            return H.actionForm("run-now", label: "Run now", spec: f.spec, target: f.id, back: back, viewer: viewer)
                + H.actionForm("cancel", label: "Cancel", spec: f.spec, target: f.id, back: back, viewer: viewer, danger: true)
        case "in_doubt":
            return H.actionForm("retry", label: "Retry", spec: f.spec, target: f.id, back: back, viewer: viewer)
                + H.actionForm("skip", label: "Skip", spec: f.spec, target: f.id, back: back, viewer: viewer, danger: true)
        default: return ""
        }
    }

    func executors(_ list: ConsoleList<ConsoleExecutor>, isFirst: Bool) -> String {
        let rows = list.items.map { e -> [String] in
            [
                "<span class=\"id\">\(H.text(e.id))</span>", H.badge(e.condition) + (e.standingBy.map { " " + H.text($0) } ?? ""),
                time.element(e.lastSeen, zone: "UTC") + " (\(H.text(ConsoleTime.span(e.secondsSinceSeen))) ago)",
                "<span class=\"id\">\(H.text(e.specs))</span>", "\(e.claimed)", "\(e.started)", "\(e.holding)", "\(e.leaseLosses)",
                H.number(e.lastLateness), H.number(e.maxLateness),
            ]
        }
        var b = "<h1>Executors</h1>\n<p class=\"muted\">Lost: no beat for longer than its lease (dead, frozen or cut off).</p>\n"
        b += H.table(
            [
                "executor", "condition", "last beat (UTC)", "specs", "claimed", "started", "holding", "claims lost", "last lateness",
                "max lateness",
            ],
            rows, wide: [3, 7, 8, 9], numeric: [4, 5, 6, 7, 8, 9])
        b += H.pager("/executors", [], next: list.next, isFirst: isFirst)
        return H.page("Executors", b, viewer: viewer)
    }

    func fire(_ d: ConsoleFireDetail, note: String?) -> String {
        let f = d.fire
        var b = "<h1>Fire <span class=\"id\">\(H.text(f.id))</span></h1>\n" + (note.map { H.notice($0) } ?? "")
        b += "<dl class=\"facts\">"
        b += "<dt>spec</dt><dd>\(H.link(f.spec, "/spec", [("id", f.spec)], className: "id"))</dd>"
        b += "<dt>trigger</dt><dd class=\"id\">\(H.text(f.trigger))\(d.paused ? " " + H.badge("paused") : "")</dd>"
        b += "<dt>state</dt><dd>\(H.fireBadge(f))</dd>"
        b += "<dt>planned at</dt><dd>\(time.element(d.planned, zone: f.zone))</dd>"
        b += "<dt>due</dt><dd>\(time.element(f.due, zone: f.zone))</dd>"
        b += "<dt>attempts</dt><dd>\(f.attempt)</dd>"
        if let e = f.executor { b += "<dt>executor</dt><dd class=\"id\">\(H.text(e))</dd>" }
        if let l = f.lateness { b += "<dt>lateness</dt><dd>\(H.number(l))</dd>" }
        if let fin = f.finished { b += "<dt>finished</dt><dd>\(time.element(fin, zone: f.zone))</dd>" }
        if let o = f.outcome { b += "<dt>outcome</dt><dd>\(H.text(o))</dd>" }
        b += "<dt>plan</dt><dd class=\"id\">\(H.text(d.planSHA256 ?? "?"))</dd></dl>\n"
        let back = H.href("/fire", [("spec", f.spec), ("id", f.id)])
        let acts = actions(f, back: back)
        if !acts.isEmpty { b += "<p>\(acts)</p>\n" }
        b += "<h2>Payload</h2>\n<pre>\(H.text(JSONWriter.inline(d.payload)))</pre>\n"
        b += "<h2>History</h2>\n"
        b += H.table(
            ["when", "what", "attempt", "by", "detail"],
            d.history.map { e in
                [
                    time.element(e.at, zone: f.zone), H.text(e.event), e.attempt.map { "\($0)" } ?? "", H.text(e.actor ?? ""),
                    H.text(e.detail ?? ""),
                ]
            }, numeric: [2])
        return H.page("Fire \(f.id)", b, viewer: viewer)
    }

    func login(message: String?) -> String {
        var b = "<h1>Sign in</h1>\n" + (message.map { H.notice($0, refused: true) } ?? "")
        b += "<form method=\"post\" action=\"/login\">" + H.csrfField(viewer)
        b += "<label for=\"token\">Operator token (from the server's --token-file)</label>"
        b += "<input type=\"password\" id=\"token\" name=\"token\" autocomplete=\"current-password\" required>"
        b += "<p><button type=\"submit\">Sign in</button></p></form>\n"
        return H.page("Sign in", b, viewer: viewer)
    }

    func message(_ title: String, _ text: String, refused: Bool) -> String {
        H.page(
            title, "<h1>\(H.text(title))</h1>\n" + H.notice(text, refused: refused) + "<p><a href=\"/\">Back to the specs</a></p>\n",
            viewer: viewer)
    }
}
