import ArgumentParser

@main
struct Almanac: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Compile YAML schedule specs into deterministic plan files.",
        subcommands: []
    )
}
