import AlmanacExecutor
import AlmanacPlan
import ArgumentParser

/// `almanac-exec simulate PLAN --from T --until T`: the run loop on a virtual clock, instantly.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the executor loop on a virtual clock from --from until --until (exclusive), instantly; --locations replays fixes.")

    @Argument(help: "The plan file.")
    var plan: String

    @Option(help: "Where the virtual clock starts (RFC 3339).")
    var from: String

    @Option(help: "Where it stops, exclusive (RFC 3339).")
    var until: String

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var locationOptions: LocationOptions

    func validate() throws {
        let from = try parseInstant(self.from, "--from"), until = try parseInstant(self.until, "--until")
        guard from <= until else { throw ValidationError("--from must not be after --until") }
    }

    func run() throws {
        let from = try parseInstant(self.from, "--from"), until = try parseInstant(self.until, "--until")
        let path = plan
        // Nothing watches a simulation's output while it runs: lines go out in blocks.
        let backend = try backendOptions.make(buffered: true)
        // Fix times drive the virtual clock together with plan fires; all are read before it starts.
        let locations = try locationOptions.readAll().map { LocationMonitor(feed: $0, log: { printError($0) }) }
        let loop = try orExit(prefix: "\(path): ") {
            try FireLoop(loadSource: { try PlanFireSource.open(path: path) }, backend: backend, journal: Journal(),
                         clock: VirtualClock(start: from),
                         options: FireLoop.Options(until: Double(until.secondsSinceEpoch)), locations: locations)
        }
        let summary = try orExit { try loop.run() }
        printError("simulated \(from) to \(until): \(summary.fired) fired, \(summary.locationFires) location fires, \(summary.skipped) skipped, \(summary.reconciles) reconciles")
    }
}
