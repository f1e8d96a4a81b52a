import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacPlanDiff
import AlmanacRender
import AlmanacSpec
import AlmanacTime
import ArgumentParser

/// `almanac render SPEC|PLAN [OLD] -o FILE.svg|FILE.html`: a timeline picture of a plan, or of
/// what changed from OLD to it.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a plan (or the changes from OLD to it) as a timeline: SVG or HTML.",
        discussion: """
            INPUT and OLD are plan files, or spec files (a .yaml or .yml path) compiled in memory over \
            --from/--to/--horizon, else the window of the side that is a plan, else the spec's default. \
            The format follows -o: .svg or .html. Exit codes: 0 written; 1 a spec has errors; 2 could not \
            run (unreadable or invalid plan, unwritable file); 64 usage.
            """
    )

    @Argument(help: "The plan or spec to draw (the new side, with OLD).")
    var input: String

    @Argument(help: "An old plan or spec: draw the fires added, removed and moved from it to INPUT.")
    var old: String?

    @Option(name: .shortAndLong, help: "The file to write: FILE.svg or FILE.html.")
    var output: String

    @OptionGroup var window: WindowOptions

    func validate() throws {
        guard output.hasSuffix(".svg") || output.hasSuffix(".html") else {
            throw ValidationError("-o must name a .svg or .html file")
        }
        let sides = [input] + (old.map { [$0] } ?? [])
        if window.isGiven && !sides.contains(where: { PlanInput($0).isSpec }) {
            throw ValidationError("--from, --to and --horizon apply only when INPUT or OLD is a spec (.yaml or .yml)")
        }
    }

    func run() throws {
        let newPlan = PlanInput(input).isSpec ? nil : try PlanFiles.open(input)
        let oldPlan = try old.flatMap { PlanInput($0).isSpec ? nil : try PlanFiles.open($0) }
        let sessions = try SpecSession.validateSides([input, old], format: .text)
        let (newSession, oldSession) = (sessions[0], sessions[1])
        let shared = try PlanFiles.sharedWindow(plans: [newPlan, oldPlan], sessions: [newSession, oldSession], window: window)
        let plan = try newPlan ?? PlanFiles.compile(newSession!, over: shared!)
        let before: PlanFireSource? = old == nil ? nil : try oldPlan ?? PlanFiles.compile(oldSession!, over: shared!)
        var except: [String: [(from: CivilDate, to: CivilDate)]] = [:]
        if let schedule = newSession?.schedule {
            for trigger in schedule.triggers where !trigger.except.isEmpty {
                except[trigger.id] = trigger.except.map { ($0.from, $0.to) }
            }
        }
        let renderInput = RenderInput(plan: plan, old: before, exceptDays: except, title: input)
        let text: String
        do {
            text = output.hasSuffix(".html") ? try TimelineRenderer.html(renderInput) : try TimelineRenderer.svg(renderInput)
        } catch let error as FireMerge.ReadError {
            throw PlanFiles.failure(error.error, path: error.side == .old ? old ?? input : input)
        } catch let error as PlanError {
            throw PlanFiles.failure(error, path: input)
        }
        do {
            _ = try OutputFile.write(Array(text.utf8), to: output)
        } catch let error as PlanError {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
    }
}
