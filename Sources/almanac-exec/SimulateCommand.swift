import AlmanacExecutor
import AlmanacPlan
import ArgumentParser

/// `almanac-exec simulate PLAN --from T --until T`: the run loop on a virtual clock, instantly.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the executor loop on a virtual clock from --from until --until (exclusive), instantly.")

    @Argument(help: "The plan file.")
    var plan: String

    @Option(help: "Where the virtual clock starts (RFC 3339).")
    var from: String

    @Option(help: "Where it stops, exclusive (RFC 3339).")
    var until: String

    @OptionGroup var backendOptions: BackendOptions

    func validate() throws {
        let from = try parseInstant(self.from, "--from"), until = try parseInstant(self.until, "--until")
        guard from <= until else { throw ValidationError("--from must not be after --until") }
    }

    func run() throws {
        let from = try parseInstant(self.from, "--from"), until = try parseInstant(self.until, "--until")
        let path = plan
        let backend = try backendOptions.make()
        let loop = try orExit(prefix: "\(path): ") {
            try FireLoop(loadPlan: { try PlanReader.read(contentsOfFile: path) }, backend: backend, journal: Journal(),
                         clock: VirtualClock(start: from),
                         options: FireLoop.Options(until: Double(until.secondsSinceEpoch)))
        }
        let summary = try orExit { try loop.run() }
        printError("simulated \(from) to \(until): \(summary.fired) fired, \(summary.skipped) skipped, \(summary.reconciles) reconciles")
    }
}
