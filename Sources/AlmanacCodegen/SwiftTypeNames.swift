import AlmanacModel

/// The type-name prefix of each spec generated into one target, and the specs whose prefixes
/// collide: a module has one namespace, so two specs may not both make `RTrigger`.
public enum SwiftTypeNames {
    /// The suffix that marks a spec for the build-tool plugin.
    public static let specSuffix = ".almanac.yaml"

    /// The prefix for the spec file at `path`: the spec's `swift.type_name` when it has one, else
    /// the file's name in UpperCamelCase (`team-reminders.almanac.yaml` → `TeamReminders`,
    /// `2fa.almanac.yaml` → `_2fa`), as SwiftGen and R.swift name types after files.
    public static func forSpecFile(_ path: String, schedule: Schedule) -> String {
        if let name = schedule.swift.typeName { return name }
        var base = Substring(path.split(separator: "/").last ?? Substring(path))
        for suffix in [specSuffix, ".yaml", ".yml"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        return SwiftGenerator.defaultTypeName(forSpecNamed: String(base))
    }

    /// For each spec whose prefix an earlier one already has, the error to report on it (by index).
    public static func collisions(_ specs: [(path: String, typeName: String)]) -> [Int: Diagnostic] {
        var first: [String: String] = [:]
        var problems: [Int: Diagnostic] = [:]
        for (index, spec) in specs.enumerated() {
            if let earlier = first[spec.typeName] {
                problems[index] = Diagnostic(.generatedTypeNameCollision(spec.typeName, first: earlier, second: spec.path), at: nil)
            } else {
                first[spec.typeName] = spec.path
            }
        }
        return problems
    }
}
