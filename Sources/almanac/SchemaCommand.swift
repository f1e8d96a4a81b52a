import AlmanacExpect
import AlmanacPlanDiff
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import ArgumentParser

/// `almanac schema spec|plan|diff|expect`: the JSON Schemas, for editors and validators.
struct SchemaCommand: ParsableCommand {
    enum Which: String, ExpressibleByArgument, CaseIterable {
        case spec, plan, diff, expect
    }

    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec language, of the plan file, of `diff --format json`, or of expectation files."
    )

    @Argument(help: "spec, plan, diff or expect")
    var which: Which

    func run() throws {
        switch which {
        case .spec: Terminal.writeOut(SpecSchema.text)
        case .plan: Terminal.writeOut(PlanSchema.text)
        case .diff: Terminal.writeOut(PlanDiffSchema.text)
        case .expect: Terminal.writeOut(ExpectSchema.text)
        }
    }
}
