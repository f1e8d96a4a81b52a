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
        let expansion = try session.prepare(schedule, over: window)
        do {
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
        Terminal.writeOut(NextListing.text(fires, schedule: schedule, now: window.from))
    }
}

/// `next` lists the plan's fires.
extension Fire: NextListing.Listed {}
