import Foundation
import PackagePlugin

/// Generates Swift types for every `NAME.almanac.yaml` in a target, on every build that changed it:
/// `almanac generate swift NAME.almanac.yaml -o <work dir>/NAME.swift --type-name Name`.
@main
struct AlmanacSwiftGenerator: BuildToolPlugin {
    static let suffix = ".almanac.yaml"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let almanac = try context.tool(named: "almanac")
        return target.sourceFiles.map(\.url).filter { $0.lastPathComponent.hasSuffix(Self.suffix) }.map { spec in
            let base = String(spec.lastPathComponent.dropLast(Self.suffix.count))
            // `team-reminders` → `TeamReminders`: the generated types are TeamRemindersTrigger, …FireID, …Payload.
            let typeName = base.split { !($0.isLetter || $0.isNumber) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(base + ".swift")
            return .buildCommand(
                displayName: "Generating \(base).swift from \(spec.lastPathComponent)",
                executable: almanac.url,
                arguments: ["generate", "swift", spec.path, "-o", output.path, "--type-name", typeName],
                inputFiles: [spec],
                outputFiles: [output]
            )
        }
    }
}
