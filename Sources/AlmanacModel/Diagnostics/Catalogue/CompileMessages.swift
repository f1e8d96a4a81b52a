/// E06xx: compiling a window (budgets, DST, limits of the plan format); E08xx: generating code.
extension DiagnosticMessage {
    // MARK: E0601 maxFiresExceeded

    package static func maxFiresExceeded(_ limit: Int, armedWindows: Int) -> DiagnosticMessage {
        .init(
            .maxFiresExceeded,
            "the window holds more than max_fires = \(limit) fires"
                + (armedWindows > 0 ? " (with \(armedWindows) armed windows of location triggers)" : "")
                + "; raise limits.max_fires or compile a shorter window")
    }

    package static func maxFiresWithArmedWindows(_ limit: Int, trigger: String) -> DiagnosticMessage {
        .init(
            .maxFiresExceeded,
            "the window holds more than max_fires = \(limit) fires and armed windows (location trigger '\(trigger)'); raise limits.max_fires or compile a shorter window"
        )
    }

    package static func tooFewCandidates(_ trigger: String, examined: Int) -> DiagnosticMessage {
        .init(
            .maxFiresExceeded,
            "trigger '\(trigger)' examined \(examined) candidate times without finishing the window; "
                + "its `except`, `during`, `start` or `count` leave too few of them (or none): narrow the rule or the window")
    }

    // MARK: W0602 noFireInWindow

    package static func noFireInWindow(_ trigger: String, from: String, to: String) -> DiagnosticMessage {
        .init(.noFireInWindow, "trigger '\(trigger)' has no fire between \(from) and \(to)")
    }

    // MARK: W0603 dstAffected

    /// `fix` says which `dst` to write.
    package static func dstGapMoved(_ id: String, at actual: String, instead nominal: String, zone: String, policy: String, fix: String)
        -> DiagnosticMessage
    {
        .init(.dstAffected, "'\(id)' fires at \(actual) instead of \(nominal), which clocks skip in \(zone) (dst.gap: \(policy)); \(fix)")
    }

    package static func dstGapSkipped(_ id: String, at nominal: String, zone: String, fix: String) -> DiagnosticMessage {
        .init(.dstAffected, "'\(id)' does not fire at \(nominal), which clocks skip in \(zone) (dst.gap: skip); \(fix)")
    }

    package static func dstOverlapFirstHourly(_ id: String, at nominal: String, zone: String) -> DiagnosticMessage {
        .init(
            .dstAffected,
            "'\(id)' is silent during the repeated hour in \(zone): \(nominal) happens twice and fires only in the first pass "
                + "(dst.overlap: first); set `dst: {overlap: both}` to keep its rhythm through both passes, or write `{overlap: first}` to confirm"
        )
    }

    package static func dstOverlapFirst(_ id: String, at nominal: String, zone: String) -> DiagnosticMessage {
        .init(
            .dstAffected,
            "'\(id)' fires once at \(nominal), which happens twice in \(zone), in the first pass (dst.overlap: first); "
                + "write `dst: {overlap: first}` to confirm, or `{overlap: last}` for the second pass")
    }

    package static func dstOverlapLast(_ id: String, at nominal: String, zone: String) -> DiagnosticMessage {
        .init(
            .dstAffected,
            "'\(id)' fires at the second of the two \(nominal) in \(zone) (dst.overlap: last); "
                + "write `dst: {overlap: last}` to confirm, or `{overlap: first}` for the first pass")
    }

    package static func dstOverlapBoth(_ id: String, at nominal: String, zone: String, hourly: Bool) -> DiagnosticMessage {
        .init(
            .dstAffected,
            "'\(id)' fires twice at \(nominal), which happens twice in \(zone) (dst.overlap: both); "
                + (hourly
                    ? "write `dst: {overlap: both}` to confirm"
                    : "set `dst: {overlap: first}` to fire once, or write `{overlap: both}` to confirm"))
    }

    // MARK: W0604 regionBudget

    /// `first` and `more` name where the trigger may go unwatched; `nearest` what executors watch.
    package static func regionBudget(_ trigger: String, priority: Int, from: String, to: String, more: String, limit: Int, nearest: String)
        -> DiagnosticMessage
    {
        .init(
            .regionBudget,
            "trigger '\(trigger)' (priority \(priority)) may go unwatched from \(from) "
                + "to \(to)\(more): more than max_regions = \(limit) regions are armed then, "
                + "and executors watch \(nearest) (with no position known: higher priority, then trigger id); "
                + "raise limits.max_regions or the trigger's priority")
    }

    // MARK: W0605 pendingBudget

    /// `losing` names every trigger that loses coverage anywhere in the window, with its fires at
    /// risk; the advice follows the phone's ceiling: max_pending can be raised only up to `phoneCeiling`.
    /// `holds` is what a registration holds: `maxPending` within `phoneCeiling`.
    /// Only a spec that phones run (`runs_on: phone`, the default) is warned, so the advice ends with
    /// the way out for a spec a server runs.
    package static func pendingBudget(
        length: String, from: String, to: String, fires: Int, maxPending: Int, holds: Int, covers: String, until: String,
        triggers: Int, losing: String, phoneCeiling: Int
    ) -> DiagnosticMessage {
        let budget = holds < maxPending ? "max_pending is \(maxPending) and a phone holds \(holds)" : "max_pending is \(maxPending)"
        let ceiling =
            maxPending < phoneCeiling
            ? "Raise limits.max_pending (a phone holds at most \(phoneCeiling)), or"
            : "A phone holds no more than \(phoneCeiling) pending notifications, so max_pending cannot help:"
        return .init(
            .pendingBudget,
            "the window's busiest \(length) (min_coverage), from \(from) to \(to), holds \(fires) fires "
                + "but \(budget): a registration there covers only \(covers) "
                + "(until \(until)); across the window, \(triggers) trigger\(triggers == 1 ? " loses" : "s lose") coverage "
                + "(fires a registration can leave out): \(losing). "
                + "\(ceiling) give the triggers that must not be missed a higher priority and lower limits.min_coverage "
                + "(after min_coverage the slots go by priority), have the app reconcile before refresh_by "
                + "(background refresh), or fire the other triggers less often; "
                + "if a server runs this spec, write `runs_on: server` (a daemon registers nothing ahead)")
    }

    // MARK: E0606 windowOutOfRange

    /// `outside` says which end is outside (`ends at …, after …`).
    package static func windowOutOfRange(_ outside: String, earliest: String, latest: String) -> DiagnosticMessage {
        .init(.windowOutOfRange, "the window \(outside): a plan holds instants from \(earliest) to \(latest); compile a window inside them")
    }

    // MARK: E0104 nestingTooDeep (payloads)

    package static func payloadTooDeep(_ trigger: String, depth: Int, limit: Int) -> DiagnosticMessage {
        .init(
            .nestingTooDeep,
            "the payload of trigger '\(trigger)' nests \(depth) levels (with `defaults`); a plan holds payloads up to \(limit) levels deep")
    }

    // MARK: E0801 generatedNameCollision

    package static func generatedNamesCollide(_ first: String, _ second: String, swiftCase: String) -> DiagnosticMessage {
        .init(
            .generatedNameCollision, "trigger ids '\(first)' and '\(second)' both become the Swift case '\(swiftCase)'; rename one of them")
    }

    package static func generatedNameTaken(_ id: String, swiftName: String) -> DiagnosticMessage {
        .init(
            .generatedNameCollision, "trigger id '\(id)' becomes '\(swiftName)', which the generated enum already has; rename the trigger")
    }
}
