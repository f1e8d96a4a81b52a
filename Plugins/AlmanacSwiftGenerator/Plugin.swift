import Foundation
import PackagePlugin

/// Generates Swift types for every `*.almanac.yaml` of a target, on every build that changed one:
/// one run of the plugin's own small tool (`almanac-swift-generator`: the YAML front end and the
/// generator, nothing else) over all of them, so it can tell two specs that would make the same
/// types apart (an error naming both), and each output file is named after its spec's path in the
/// target, so two `r.almanac.yaml` in different folders never make one file.
@main
struct AlmanacSwiftGenerator: BuildToolPlugin {
    static let suffix = ".almanac.yaml"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles.map(\.url).filter { $0.lastPathComponent.hasSuffix(Self.suffix) }.sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return [] }
        let tool = try context.tool(named: "almanac-swift-generator")
        let root = target.directoryURL.path + "/"
        var arguments: [String] = []
        var outputs: [URL] = []
        for spec in specs {
            // `Reminders/r.almanac.yaml` → `Reminders__r.swift`: unique per spec within the target.
            let relative = spec.path.hasPrefix(root) ? String(spec.path.dropFirst(root.count)) : spec.lastPathComponent
            let name = relative.dropLast(Self.suffix.count).replacingOccurrences(of: "/", with: "__") + ".swift"
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name)
            arguments += [spec.path, output.path]
            outputs.append(output)
        }
        return [
            .buildCommand(
                displayName: "Generating Swift types from \(specs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: tool.url, arguments: arguments, inputFiles: specs, outputFiles: outputs)
        ]
    }
}
