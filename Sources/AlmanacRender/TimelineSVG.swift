import AlmanacEscaping
import AlmanacPlan
import AlmanacPlanDiff
import AlmanacRegistration
import AlmanacTime

/// A timeline of a plan as SVG (and HTML around it): a lane per trigger with a mark per fire, an
/// axis in the plan's calendar zone, DST transitions, except days, the `max_pending` cutoff,
/// `refresh_by` and armed region windows. Lanes too dense for marks (two fires in one pixel column)
/// become density strips. Output depends only on the input: fixed geometry, integer-tenth numbers.
public enum TimelineRenderer {
    /// Geometry, in SVG user units.
    static let width = 1200
    static let plotLeft = 180
    static let plotRight = 1180
    static var plotWidth: Int { plotRight - plotLeft }
    static let top = 78
    static let laneHeight = 34
    static let diffLaneHeight = 44

    /// Okabe–Ito colours (colour-blind safe).
    enum Colour {
        static let black = "#000000"
        static let orange = "#E69F00"
        static let sky = "#56B4E9"
        static let green = "#009E73"
        static let yellow = "#F0E442"
        static let blue = "#0072B2"
        static let vermillion = "#D55E00"
        static let purple = "#CC79A7"
        static let grey = "#666666"
    }

    /// The picture as an SVG document; reading a plan's fires may fail with its `PlanError`, or
    /// with a `FireMerge.ReadError` naming the side.
    public static func svg(_ input: RenderInput) throws -> String {
        let timeline = try Timeline(input)
        var out = SVGBuilder()
        draw(timeline, input, into: &out, standalone: true)
        return out.text
    }

    /// The picture in an HTML page, with a table of each trigger's fires under it.
    public static func html(_ input: RenderInput) throws -> String {
        let timeline = try Timeline(input)
        var body = SVGBuilder()
        draw(timeline, input, into: &body, standalone: false)
        var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<title>\(XMLText.content(heading(input)))</title>\n"
        h +=
            "<style>\nbody{font-family:sans-serif;margin:16px;color:#111}\ndiv.timeline{overflow-x:auto}\nsvg{width:100%;height:auto;min-width:960px;max-width:1200px;display:block}\n"
        h +=
            "table{border-collapse:collapse;margin-top:12px;font-size:14px}\nth,td{border:1px solid #bbb;padding:3px 8px;text-align:left}\n"
        h += "td.n{text-align:right;font-variant-numeric:tabular-nums}\n</style>\n</head>\n<body>\n"
        h += "<h1 style=\"font-size:20px\">\(XMLText.content(heading(input)))</h1>\n"
        h += "<div class=\"timeline\">\n" + body.text + "</div>\n"
        h += table(timeline)
        h += "</body>\n</html>\n"
        return h
    }

    static func heading(_ input: RenderInput) -> String {
        input.old == nil ? "Timeline of \(input.title)" : "Changes in \(input.title)"
    }

    /// The table under the picture: per trigger its kind, zone and fire counts.
    static func table(_ timeline: Timeline) -> String {
        var t = "<table>\n"
        if timeline.old != nil {
            t += "<tr><th>trigger</th><th>fires (new)</th><th>▲ added</th><th>✕ removed</th><th>◆ moved</th></tr>\n"
            for id in timeline.ids {
                let d = timeline.changesByTrigger[id]
                let n = timeline.firesByTrigger[id] ?? 0
                t += "<tr><td>\(XMLText.content(id))</td><td class=\"n\">\(n)</td><td class=\"n\">\(d?.added ?? 0)</td>"
                t += "<td class=\"n\">\(d?.removed ?? 0)</td><td class=\"n\">\(d?.moved ?? 0)</td></tr>\n"
            }
        } else {
            t += "<tr><th>trigger</th><th>kind</th><th>zone</th><th>fires</th></tr>\n"
            for id in timeline.ids {
                let trigger = timeline.plan.triggers[id]
                t += "<tr><td>\(XMLText.content(id))</td><td>\(XMLText.content(trigger?.kind ?? ""))</td>"
                t += "<td>\(XMLText.content(trigger?.timezone ?? "—"))</td><td class=\"n\">\(timeline.firesByTrigger[id] ?? 0)</td></tr>\n"
            }
        }
        return t + "</table>\n"
    }

    static func draw(_ timeline: Timeline, _ input: RenderInput, into out: inout SVGBuilder, standalone: Bool) {
        let plan = timeline.plan
        let window = timeline.window
        let zone = plan.calendarZone
        let isDiff = timeline.old != nil
        let ids = timeline.ids
        let laneH = isDiff ? diffLaneHeight : laneHeight
        let plotBottom = top + max(1, ids.count) * laneH
        let height = plotBottom + 86
        let scale = timeline.scale
        let table = OffsetTable(zone: zone, covering: window.from, to: window.to)

        out.open(
            "svg", [:],
            ordered: (standalone ? [("xmlns", "http://www.w3.org/2000/svg")] : []) + [
                ("viewBox", "0 \(standalone ? 0 : 26) \(width) \(height - (standalone ? 0 : 26))"), ("width", "\(width)"),
                ("height", "\(height - (standalone ? 0 : 26))"),
                ("font-family", "sans-serif"), ("font-size", "12"), ("role", "img"),
            ])
        out.element("title", text: heading(input))
        out.raw(
            "<style>.lane-label{font-size:12px}.axis{font-size:11px;fill:#333}.note{font-size:11px}.fire{fill:\(Colour.blue)}"
                + ".unchanged{fill:#9a9a9a}.added{fill:\(Colour.green)}.removed{fill:none;stroke:\(Colour.vermillion);stroke-width:1.8}"
                + ".moved{fill:\(Colour.orange);stroke:#000;stroke-width:0.6}.connector{stroke:\(Colour.orange);stroke-width:1}</style>\n")
        out.raw(
            "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
                + "<rect width=\"6\" height=\"6\" fill=\"#e6e6e6\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#9a9a9a\" stroke-width=\"2\"/></pattern></defs>\n"
        )
        out.rect(0, 0, Double(width), Double(height), ["fill": "#ffffff"])
        if standalone { out.text(Double(plotLeft - 170), 20, heading(input), ["font-size": "15", "font-weight": "bold"]) }
        let windowText = "\(RFC3339.format(window.from)) – \(RFC3339.format(window.to)) · axis in \(zone) · \(timeline.fireCount) fires"
        out.text(10, 38, windowText, ["class": "note"])
        var shown = Legend.Shown()

        // Lanes, their labels and except days.
        for (i, id) in ids.enumerated() {
            let y = Double(top + i * laneH)
            out.rect(Double(plotLeft), y, Double(plotWidth), Double(laneH), ["fill": i % 2 == 0 ? "#f4f4f4" : "#ffffff"])
            // Ids run to 64 characters; the margin holds about 26, the tooltip the whole id.
            if id.count > 26 {
                out.raw(
                    "<text x=\"\(plotLeft - 8)\" y=\"\(Num.t(y + Double(laneH) / 2 + 4))\" class=\"lane-label\" text-anchor=\"end\">"
                        + "<title>\(XMLText.content(id))</title>\(XMLText.content(String(id.prefix(25))))…</text>\n")
            } else {
                out.text(Double(plotLeft - 8), y + Double(laneH) / 2 + 4, id, ["class": "lane-label", "text-anchor": "end"])
            }
            let laneZone = plan.triggers[id]?.timezone ?? timeline.old?.triggers[id]?.timezone ?? zone
            if let ranges = input.exceptDays[id], let laneTable = OffsetTable(zone: laneZone, covering: window.from, to: window.to) {
                for range in ranges {
                    let a = localMidnight(range.from, laneTable), b = localMidnight(range.to.adding(days: 1), laneTable)
                    guard b > window.from, a < window.to else { continue }
                    let x0 = scale.x(max(a, window.from)), x1 = scale.x(min(b, window.to))
                    shown.except = true
                    out.rect(
                        x0, y + 1, max(1, x1 - x0), Double(laneH - 2), ["class": "except", "fill": "url(#hatch)"],
                        title: "\(id) never fires on \(range.from)\(range.from == range.to ? "" : " – \(range.to)")")
                }
            }
            if laneZone != zone, let laneTable = OffsetTable(zone: laneZone, covering: window.from, to: window.to) {
                for change in laneTable.changes where window.contains(change.instant) {
                    let x = scale.x(change.instant)
                    shown.dst = true
                    out.rect(x - 2, y, 4, Double(laneH), ["class": "dst", "fill": Colour.yellow], title: dstText(change, zone: laneZone))
                }
            }
        }

        // Axis: ticks in the calendar zone.
        axis(into: &out, window: window, table: table, scale: scale, top: top, bottom: plotBottom)

        // DST transitions of the calendar zone.
        if let table {
            for change in table.changes where window.contains(change.instant) {
                let x = scale.x(change.instant)
                shown.dst = true
                out.rect(
                    x - 3, Double(top), 6, Double(plotBottom - top), ["class": "dst", "fill": Colour.yellow, "opacity": "0.8"],
                    title: dstText(change, zone: zone))
                out.text(
                    x, Double(plotBottom + 40), "clocks " + shift(change.after - change.before),
                    ["class": "note", "text-anchor": anchor(x)])
            }
        }

        // Armed region windows.
        for region in plan.regions {
            guard let i = ids.firstIndex(of: region.trigger) else { continue }
            let y = Double(top + i * laneH) + Double(laneH) - 9
            for armed in region.armed where armed.to > window.from && armed.from < window.to {
                let x0 = scale.x(max(armed.from, window.from)), x1 = scale.x(min(armed.to, window.to))
                shown.armed = true
                out.rect(
                    x0, y - 1, max(1, x1 - x0), 8, ["class": "armed", "fill": Colour.sky, "stroke": Colour.blue, "stroke-width": "0.5"],
                    title: "\(region.trigger) armed (\(region.on.rawValue)) \(RFC3339.format(armed.from)) – \(RFC3339.format(armed.to))")
            }
        }

        // Fires.
        let lanes = timeline.lanes
        for (i, id) in ids.enumerated() {
            let mid = Double(top + i * laneH) + Double(laneH) / 2 - (plan.regions.contains { $0.trigger == id } ? 4 : 0)
            for series in lanes[id] ?? [] where !series.isEmpty {
                let rowY: Double
                switch series.kind {
                case .fire, .unchanged, .moved: rowY = mid
                case .added: rowY = mid - 11
                case .removed: rowY = mid + 11
                }
                if drawSeries(series, y: rowY, scale: scale, into: &out) { shown.density = true }
            }
        }

        // The budget's cutoff and refresh_by, for a registration at the window's start.
        if let budget = timeline.budget {
            budgetLines(budget, plan: plan, scale: scale, top: top, bottom: plotBottom, shown: &shown, into: &out)
        }
        Legend.draw(shown, isDiff: isDiff, y: 58, into: &out)
        out.close("svg")
    }

    static func shift(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "−" : "+"
        let m = abs(seconds) / 60
        return sign + (m % 60 == 0 ? "\(m / 60)h" : m < 60 ? "\(m)m" : "\(m / 60)h\(pad2(m % 60))")
    }

    static func dstText(_ change: (instant: Instant, before: Int, after: Int), zone: String) -> String {
        "\(zone): clocks \(shift(change.after - change.before)) at \(RFC3339.format(change.instant)) (UTC\(offsetText(change.before)) → UTC\(offsetText(change.after)))"
    }

    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let m = abs(seconds) / 60
        return sign + pad2(m / 60) + ":" + pad2(m % 60)
    }

    static func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The first instant of a local date in a zone (the offset in force just before it).
    static func localMidnight(_ date: CivilDate, _ table: OffsetTable?) -> Instant {
        let wall = LocalDateTime(date: date, time: .midnight).wallSeconds
        guard let table else { return Instant(secondsSinceEpoch: wall) }
        let guess = Instant(secondsSinceEpoch: wall - Int64(table.offset(at: Instant(secondsSinceEpoch: wall))))
        return Instant(secondsSinceEpoch: wall - Int64(table.offset(at: guess)))
    }

    /// Where the soonest `max_pending` fires after the window's start end, and `refresh_by`, for a
    /// reconcile at the window's start (`Timeline.budget`); nothing when a server runs the plan (its
    /// daemon registers nothing ahead).
    static func budgetLines(
        _ budget: (size: Int, cutoff: Instant, refreshBy: Instant), plan: Plan, scale: Scale, top: Int, bottom: Int,
        shown: inout Legend.Shown, into out: inout SVGBuilder
    ) {
        guard plan.spec.runsOn == .phone else { return }
        let now = plan.window.from
        var x = scale.x(budget.cutoff)
        shown.cutoff = true
        out.line(
            x, Double(top - 4), x, Double(bottom),
            ["class": "cutoff", "stroke": Colour.vermillion, "stroke-width": "2", "stroke-dasharray": "4 2"],
            title: "the soonest max_pending (\(budget.size)) fires after \(RFC3339.format(now)) end at \(RFC3339.format(budget.cutoff))")
        out.text(
            x, Double(bottom + 60), "max_pending \(budget.size)", ["class": "note", "fill": Colour.vermillion, "text-anchor": anchor(x)])
        if budget.refreshBy < plan.window.to {
            x = scale.x(budget.refreshBy)
            shown.refresh = true
            out.line(
                x, Double(top - 4), x, Double(bottom),
                ["class": "refresh-by", "stroke": Colour.purple, "stroke-width": "2", "stroke-dasharray": "1 2"],
                title: "refresh_by \(RFC3339.format(budget.refreshBy)) (reconciled at \(RFC3339.format(now)))")
            out.text(x, Double(bottom + 76), "refresh_by", ["class": "note", "fill": Colour.purple, "text-anchor": anchor(x)])
        }
    }

    /// Marks when no two fires of the series share a pixel column, else a density strip.
    @discardableResult
    static func drawSeries(_ series: Series, y: Double, scale: Scale, into out: inout SVGBuilder) -> Bool {
        let kind = series.kind.rawValue
        if series.crowded {
            let peak = series.peak
            out.open("g", [:], ordered: [("class", "density density-\(kind)"), ("data-fires", "\(series.count)")])
            out.element("title", text: "\(series.count) fires (\(kind)), at most \(peak) in one pixel column")
            let colour: String
            switch series.kind {
            case .fire: colour = Colour.blue
            case .unchanged: colour = "#777777"
            case .added: colour = Colour.green
            case .removed: colour = Colour.vermillion
            case .moved: colour = Colour.orange
            }
            let h = series.kind == .fire || series.kind == .unchanged ? 16.0 : 7.0
            // Four shades (a third of full colour to full, by the share of the lane's peak); adjacent
            // columns of one shade are one bar whose `data-n` counts all their fires.
            func level(_ n: Int) -> Int { min(4, 1 + 3 * (n - 1) / max(1, peak - 1)) }
            var runs: [(first: Int, last: Int, level: Int, n: Int)] = []
            for (column, n) in series.columns.enumerated() where n > 0 {
                if let run = runs.last, run.last == column - 1, run.level == level(n) {
                    runs[runs.count - 1].last = column
                    runs[runs.count - 1].n += n
                } else {
                    runs.append((column, column, level(n), n))
                }
            }
            let opacity = ["", "0.3", "0.53", "0.77", "1"]
            for run in runs {
                out.raw(
                    "<rect x=\"\(run.first + plotLeft)\" y=\"\(Num.t(y - h / 2))\" width=\"\(run.last - run.first + 1)\" height=\"\(Num.t(h))\" "
                        + "fill=\"\(colour)\" fill-opacity=\"\(opacity[run.level])\" data-n=\"\(run.n)\"/>\n")
            }
            out.close("g")
            return true
        }
        let marks = series.marks
        let sparse = marks.count < 2 || zip(marks, marks.dropFirst()).allSatisfy { abs(scale.x($1.at) - scale.x($0.at)) >= 7 }
        for fire in marks {
            let x = scale.x(fire.at)
            switch series.kind {
            case .fire, .unchanged:
                if sparse {
                    out.circle(x, y, 3.5, ["class": kind], title: fire.label)
                } else {
                    out.rect(x - 0.5, y - 7, 1, 14, ["class": kind], title: fire.label)
                }
            case .added: Marks.triangle(x, y, kind, title: fire.label, into: &out)
            case .removed: Marks.cross(x, y, kind, title: fire.label, into: &out)
            case .moved:
                if let from = fire.from {
                    out.line(scale.x(from), y, x, y, ["class": "connector"])
                    out.circle(scale.x(from), y, 2, ["fill": "none", "stroke": Colour.orange, "stroke-width": "1"])
                }
                Marks.diamond(x, y, kind, title: fire.label, into: &out)
            }
        }
        return false
    }

    /// A label's anchor at `x`: kept inside the picture near its edges.
    static func anchor(_ x: Double) -> String {
        x > Double(width - 60) ? "end" : x < 60 ? "start" : "middle"
    }

    static func axis(into out: inout SVGBuilder, window: Window, table: OffsetTable?, scale: Scale, top: Int, bottom: Int) {
        let seconds = window.to.secondsSinceEpoch - window.from.secondsSinceEpoch
        // Steps in local wall time: hours, days, weeks, months; the smallest giving at most 12 ticks.
        let hour: Int64 = 3600, day: Int64 = 86_400
        let steps: [(seconds: Int64, months: Int)] = [
            (hour, 0), (2 * hour, 0), (3 * hour, 0), (6 * hour, 0), (12 * hour, 0), (day, 0), (2 * day, 0), (7 * day, 0),
            (0, 1), (0, 3), (0, 6), (0, 12), (0, 60), (0, 120), (0, 600),
        ]
        let step = steps.first { $0.months == 0 ? seconds / $0.seconds <= 12 : seconds / (Int64($0.months) * 30 * day) <= 12 } ?? (0, 1200)
        let offsetAt = { (i: Instant) in Int64(table?.offset(at: i) ?? 0) }
        let startWall = window.from.secondsSinceEpoch + offsetAt(window.from)
        let endWall = window.to.secondsSinceEpoch + offsetAt(window.to)
        var ticks: [LocalDateTime] = []
        if step.months == 0 {
            let align = step.seconds >= day ? day : step.seconds
            var wall = (startWall / align) * align
            if wall < startWall { wall += align }
            if step.seconds == 7 * day {
                // Weeks start on Monday.
                while LocalDateTime(wallSeconds: wall).date.weekday != .monday { wall += day }
            }
            while wall <= endWall && ticks.count < 40 {
                ticks.append(LocalDateTime(wallSeconds: wall))
                wall += step.seconds
            }
        } else {
            let start = LocalDateTime(wallSeconds: startWall).date
            var month = start.year * 12 + (start.month - 1)
            month = ((month + step.months - 1) / step.months) * step.months
            if CivilDate(year: month / 12, month: month % 12 + 1, day: 1) < start { month += step.months }
            while ticks.count < 40 {
                let date = CivilDate(year: month / 12, month: month % 12 + 1, day: 1)
                let t = LocalDateTime(date: date, time: .midnight)
                if t.wallSeconds > endWall { break }
                ticks.append(t)
                month += step.months
            }
        }
        let axisY = Double(bottom)
        out.line(Double(plotLeft), axisY, Double(plotRight), axisY, ["stroke": "#333", "stroke-width": "1"])
        for tick in ticks {
            let instant = localMidnightOrTime(tick, table)
            guard instant >= window.from && instant <= window.to else { continue }
            let x = scale.x(instant)
            out.line(x, Double(top), x, axisY + 5, ["stroke": "#cccccc", "stroke-width": "0.6"])
            let label: String
            let d = tick.date
            if step.months >= 12 {
                label = "\(d.year)"
            } else if step.months > 0 {
                label = "\(monthNames[d.month - 1]) \(d.year)"
            } else if step.seconds >= day {
                label = "\(d.weekday.shortName.capitalized) \(d.day) \(monthNames[d.month - 1])"
            } else if tick.time == .midnight {
                label = "\(d.weekday.shortName.capitalized) \(d.day) \(monthNames[d.month - 1])"
            } else {
                label = "\(pad2(tick.time.hour)):\(pad2(tick.time.minute))"
            }
            out.text(x, axisY + 18, label, ["class": "axis", "text-anchor": anchor(x)])
        }
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func localMidnightOrTime(_ local: LocalDateTime, _ table: OffsetTable?) -> Instant {
        let wall = local.wallSeconds
        guard let table else { return Instant(secondsSinceEpoch: wall) }
        let guess = Instant(secondsSinceEpoch: wall - Int64(table.offset(at: Instant(secondsSinceEpoch: wall))))
        return Instant(secondsSinceEpoch: wall - Int64(table.offset(at: guess)))
    }
}

/// Instants to x coordinates over the plot.
struct Scale {
    var from: Int64
    var length: Int64
    var left: Int
    var width: Int

    init(window: Window, left: Int, width: Int) {
        from = window.from.secondsSinceEpoch
        length = max(1, window.to.secondsSinceEpoch - window.from.secondsSinceEpoch)
        self.left = left
        self.width = width
    }

    func x(_ instant: Instant) -> Double {
        Double(left) + Double(width) * Double(instant.secondsSinceEpoch - from) / Double(length)
    }

    /// The pixel column of an instant, 0 ..< width.
    func column(_ instant: Instant) -> Int {
        let c = Int((Double(width) * Double(instant.secondsSinceEpoch - from) / Double(length)).rounded(.down))
        return min(max(0, c), width - 1)
    }
}

/// The shapes of a difference's marks: distinct in shape as well as colour.
enum Marks {
    static func triangle(_ x: Double, _ y: Double, _ cls: String, title: String? = nil, into out: inout SVGBuilder) {
        out.path(
            "M\(Num.t(x)) \(Num.t(y - 5))L\(Num.t(x + 5)) \(Num.t(y + 4))L\(Num.t(x - 5)) \(Num.t(y + 4))Z", ["class": cls], title: title)
    }

    static func cross(_ x: Double, _ y: Double, _ cls: String, title: String? = nil, into out: inout SVGBuilder) {
        out.path(
            "M\(Num.t(x - 4)) \(Num.t(y - 4))L\(Num.t(x + 4)) \(Num.t(y + 4))M\(Num.t(x + 4)) \(Num.t(y - 4))L\(Num.t(x - 4)) \(Num.t(y + 4))",
            ["class": cls], title: title)
    }

    static func diamond(_ x: Double, _ y: Double, _ cls: String, title: String? = nil, into out: inout SVGBuilder) {
        out.path(
            "M\(Num.t(x)) \(Num.t(y - 5))L\(Num.t(x + 5)) \(Num.t(y))L\(Num.t(x)) \(Num.t(y + 5))L\(Num.t(x - 5)) \(Num.t(y))Z",
            ["class": cls], title: title)
    }
}

/// The legend: a sample of each thing the picture shows, and only of those.
enum Legend {
    struct Shown {
        var density = false
        var dst = false
        var except = false
        var armed = false
        var cutoff = false
        var refresh = false
    }

    static func draw(_ shown: Shown, isDiff: Bool, y: Double, into out: inout SVGBuilder) {
        typealias C = TimelineRenderer.Colour
        var x = 10.0
        func item(_ label: String, _ sample: (inout SVGBuilder, Double) -> Void) {
            sample(&out, x + 6)
            out.text(x + 16, y + 4, label, ["class": "note"])
            // About 6 units a character at 11px, then a gap.
            x += 16 + Double(label.count) * 5.6 + 16
        }
        if isDiff {
            item("added") { o, cx in Marks.triangle(cx, y, "added key", into: &o) }
            item("removed") { o, cx in Marks.cross(cx, y, "removed key", into: &o) }
            item("moved (line from the old time)") { o, cx in Marks.diamond(cx, y, "moved key", into: &o) }
            item("unchanged") { o, cx in o.circle(cx, y, 3.5, ["class": "unchanged key"]) }
        } else {
            item("fire") { o, cx in o.circle(cx, y, 3.5, ["class": "fire key"]) }
        }
        if shown.density {
            item("many fires: one bar per pixel, darker = more") { o, cx in
                o.rect(cx - 6, y - 5, 4, 10, ["fill": C.blue, "fill-opacity": "0.3"])
                o.rect(cx - 2, y - 5, 4, 10, ["fill": C.blue, "fill-opacity": "0.65"])
                o.rect(cx + 2, y - 5, 4, 10, ["fill": C.blue])
            }
        }
        if shown.dst { item("clock change (DST)") { o, cx in o.rect(cx - 3, y - 6, 6, 12, ["fill": C.yellow]) } }
        if shown.except {
            item("except day") { o, cx in
                o.rect(cx - 6, y - 5, 12, 10, ["fill": "url(#hatch)", "stroke": "#9a9a9a", "stroke-width": "0.5"])
            }
        }
        if shown.armed {
            item("region armed") { o, cx in o.rect(cx - 6, y - 4, 12, 8, ["fill": C.sky, "stroke": C.blue, "stroke-width": "0.5"]) }
        }
        if shown.cutoff {
            item("max_pending cutoff") { o, cx in
                o.line(cx, y - 6, cx, y + 6, ["stroke": C.vermillion, "stroke-width": "2", "stroke-dasharray": "4 2"])
            }
        }
        if shown.refresh {
            item("refresh_by") { o, cx in
                o.line(cx, y - 6, cx, y + 6, ["stroke": C.purple, "stroke-width": "2", "stroke-dasharray": "1 2"])
            }
        }
    }
}
