import AlmanacCodegen
import AlmanacModel
import AlmanacPlan
import ArgumentParser

/// `almanac generate`: code from a spec, so an app names triggers and fires with types, not strings.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate code from a spec.",
        subcommands: [GenerateSwiftCommand.self]
    )
}

/// `almanac generate swift SPEC [-o FILE] [--check]`.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Write the spec's trigger ids, fire ids and payload keys as Swift types.",
        discussion: """
            The output is byte-stable: the same spec gives the same file, which is rewritten only when its \
            bytes change (so builds do not redo work). Trigger ids whose Swift names collide are errors. \
            The payload type has one accessor per key declared under `payloads:` (W0621 when none is \
            declared); declared keys whose Swift names collide or cannot be made are errors (E0621). \
            The build-tool plugin AlmanacSwiftGenerator does the same for every `*.almanac.yaml` in a target.
            Exit codes: 0 written or up to date; 1 spec errors, colliding names, or --check found the file stale; \
            2 a file could not be read or written; 64 usage.
            """
    )

    @Argument(help: "The spec file.")
    var spec: String

    @Option(name: .shortAndLong, help: "Where to write the Swift file (`-`: standard output).")
    var output = "-"

    @Option(help: "Prefix of the generated type names (default: the spec's `swift.type_name`, else its name in UpperCamelCase).")
    var typeName: String?

    @Option(
        help: ArgumentHelp(
            "Access level of the generated types (default: the spec's `swift.access`, else internal).", valueName: "internal|public|package"
        ))
    var accessLevel: String?

    @Flag(help: "Write nothing; exit 1 when the file at -o differs from what would be generated.")
    var check = false

    func validate() throws {
        if check && output == "-" { throw ValidationError("--check needs -o FILE: the file to compare with") }
        if let typeName, SwiftGenerator.defaultTypeName(forSpecNamed: typeName) != typeName {
            throw ValidationError("--type-name '\(typeName)' is not an UpperCamelCase Swift name")
        }
        if let accessLevel, SwiftOptions.Access(rawValue: accessLevel) == nil {
            throw ValidationError("--access-level must be internal, public or package, not '\(accessLevel)'")
        }
    }

    func run() throws {
        let session = try SpecSession.load(spec)
        let generator = SwiftGenerator(
            typeName: typeName ?? session.schedule.swift.typeName ?? SwiftGenerator.defaultTypeName(forSpecNamed: session.schedule.name),
            sourceName: session.file.path.split(separator: "/").last.map(String.init) ?? session.file.path,
            access: accessLevel.flatMap(SwiftOptions.Access.init(rawValue:)))
        let (source, diagnostics) = generator.generate(session.schedule)
        session.report(diagnostics)
        guard let source else { throw ExitCode(1) }
        let bytes = Array(source.utf8)
        if output == "-" {
            Terminal.writeOut(source)
            return
        }
        let current = try? Files.read(output)
        if check {
            guard current == bytes else {
                Terminal.writeError("\(output) is stale; run `almanac generate swift \(spec) -o \(output)`")
                throw ExitCode(1)
            }
            return
        }
        // Unchanged bytes leave the file (and its modification time) alone.
        if current == bytes { return }
        do {
            try OutputFile.write(bytes, to: output)
        } catch {
            Terminal.writeError("cannot write \(output): \(error)")
            throw ExitCode(2)
        }
    }
}
