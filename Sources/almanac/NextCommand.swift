import AlmanacModel
import AlmanacCommandLine
import AlmanacCompiler
import AlmanacExplain
import AlmanacPlan
import AlmanacSpec
import AlmanacTime
import Foundation
import ArgumentParser

/// `almanac next SPEC`: the upcoming fires as a table a person reads.
struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Show the next fires of a spec: each trigger explained, then local time, UTC, trigger, and how far away.",
        discussion:
            "Looks up to 100 years ahead. Exit codes: 0 ok; 1 the spec has errors or a trigger is unknown; 2 could not run; 64 usage."
    )

    @Argument(help: "The spec file.")
    var spec: String

    @Argument(help: "Only these triggers (default: all).")
    var triggers: [String] = []

    // Unconditional, so that `-n -1` reaches validate() as a number instead of reading as an option.
    @Option(name: .short, parsing: .unconditional, help: "How many fires to show, 1 or more.")
    var n: Int = 10

    @Option(help: "Start from: an RFC 3339 instant, a date (local midnight in the spec's zone), `today` or `now`.")
    var from: TimePoint = .now

    @OptionGroup var diagnostics: DiagnosticsFormatOption

    func validate() throws {
        if n < 1 { throw ValidationError("-n is how many fires to show: give 1 or more, not \(n)") }
    }

    /// Thrown by the sink to stop the lazy merge once enough fires are in.
    struct Enough: Error {}

    func run() throws {
        let session = try SpecSession.load(spec, format: diagnostics.format)
        try session.requireTriggers(triggers, spec: spec)
        let now = try Clock.now()
        let request = WindowRequest(from: from, horizon: WindowLength(days: 100 * 366))
        guard var window = request.resolve(now: now, zone: session.zone, specHorizon: nil) else { throw ExitCode(2) }
        // The century ahead stops where plans do, at the end of year 9999.
        window.to = min(window.to, PlanFormatLimits.latest)
        var schedule = session.schedule
        // `next` stops after -n fires; the window is a century, so only the ceiling bounds it.
        schedule.limits.maxFires = Limits.maxFiresCeiling
        if !triggers.isEmpty { schedule.triggers.removeAll { !triggers.contains($0.id) } }
        var fires: [Fire] = []
        do {
            let expansion = try Compiler().prepare(schedule, specSHA256: session.sha256, window: window)
            _ = try expansion.run { fire in
                fires.append(fire)
                if fires.count >= n { throw Enough() }
            }
        } catch is Enough {
        } catch let error as CompileError {
            session.report(error.diagnostics)
            throw ExitCode(1)
        }
        // "in 2 d" counts from where the listing starts: `--from` (now unless given), not the clock.
        Terminal.writeOut(Self.header(fires, schedule: schedule) + Self.table(fires, now: window.from))
    }

    /// One line per trigger in the table, in the order they first fire: `id: sentence` (`almanac
    /// explain`), then a blank line; nothing when there are no fires.
    static func header(_ fires: [Fire], schedule: Schedule) -> String {
        var seen: Set<String> = []
        let ids = fires.map(\.trigger).filter { seen.insert($0).inserted }
        guard !ids.isEmpty else { return "" }
        let byID = Dictionary(schedule.triggers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return Explainer.text(ids.compactMap { byID[$0].map(Explainer.explain) }) + "\n"
    }

    static func table(_ fires: [Fire], now: Instant) -> String {
        guard !fires.isEmpty else { return "no upcoming fires\n" }
        var rows = [["LOCAL", "UTC", "TRIGGER", "WHEN"]]
        for fire in fires {
            // The offset after the 19 characters of the wall time: `-05:00`, or `-00:25:21` with seconds.
            let stamp = RFC3339.format(fire.local, offset: fire.offset)
            let local = "\(fire.local.date.weekday.shortName.capitalized) \(fire.local.date) \(fire.local.time) \(stamp.dropFirst(19))"
            rows.append([local, fire.at.description, fire.trigger, relative(fire.at, from: now)])
        }
        let widths = (0..<4).map { c in rows.map { $0[c].count }.max()! }
        return rows.map { row in
            row.enumerated().map { c, cell in c == 3 ? cell : cell + String(repeating: " ", count: widths[c] - cell.count) }
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `in 2 d 3 h`, `in 5 min`, `3 h ago`.
    static func relative(_ at: Instant, from now: Instant) -> String {
        let delta = at.secondsSinceEpoch - now.secondsSinceEpoch
        let s = abs(delta)
        let text: String
        switch s {
        case ..<60: text = "\(s) s"
        case ..<3600: text = "\(s / 60) min"
        case ..<86_400: text = "\(s / 3600) h" + (s % 3600 >= 60 ? " \((s % 3600) / 60) min" : "")
        default: text = "\(s / 86_400) d" + (s % 86_400 >= 3600 ? " \((s % 86_400) / 3600) h" : "")
        }
        return delta >= 0 ? "in " + text : text + " ago"
    }
}
