import AlmanacPlan
import AlmanacSpec
import ArgumentParser

/// `almanac schema spec|plan`: the JSON Schemas, for editors and validators.
struct SchemaCommand: ParsableCommand {
    enum Which: String, ExpressibleByArgument, CaseIterable {
        case spec, plan
    }

    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec language or of the plan file."
    )

    @Argument(help: "spec or plan")
    var which: Which

    func run() throws {
        Terminal.writeOut(which == .spec ? SpecSchema.text : PlanSchema.text)
    }
}
