import Foundation
import Testing

/// Rules about the source text itself that no compiler on this machine would catch: a file that builds
/// on Linux must build on every platform the package declares.
@Suite struct ConditionalImportTests {
    /// The repository's `Sources/`, found from this file's place.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Our own modules: one folder under `Sources/` each.
    static func ownModules() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") })
    }

    /// Every `.swift` file under `Sources/`, as a path relative to it.
    static func swiftFiles() -> [String] {
        let walker = FileManager.default.enumerator(atPath: sources.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    /// `import X` lines of our own modules that stand inside a platform `#if` block (`canImport`, `os`,
    /// `arch`, `targetEnvironment`), as `file:line: import X under #if …`. Allowed: `#if canImport(X)`
    /// around X's own import, a package trait's condition (`#if PostgreSQL`: the target itself is
    /// conditional), and a condition around the whole file (all of it compiles on that platform only).
    static func conditionalImports(in text: String, file: String, modules: Set<String>) -> [String] {
        var conditions: [String] = []
        var found: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let code = lines.filter { !$0.isEmpty && !$0.hasPrefix("//") }
        let wholeFileGate = Self.wholeFileGate(code)
        let platform = ["canImport(", "os(", "arch(", "targetEnvironment("]
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("#if ") {
                conditions.append(String(line.dropFirst(4)))
            } else if line.hasPrefix("#elseif ") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = String(line.dropFirst(8)) }
            } else if line.hasPrefix("#else") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = "!(\(conditions[conditions.count - 1]))" }
            } else if line.hasPrefix("#endif") {
                _ = conditions.popLast()
            } else if !conditions.isEmpty, let module = importedModule(line), modules.contains(module),
                conditions.last != "canImport(\(module))",
                conditions.contains(where: { condition in platform.contains { condition.contains($0) } }),
                !(conditions.count == 1 && wholeFileGate == "#if \(conditions[0])")
            {
                found.append("\(file):\(number + 1): import \(module) under #if \(conditions.joined(separator: " / "))")
            }
        }
        return found
    }

    /// The `#if` line of a block that holds the whole file with no `#else` branch, if there is one.
    static func wholeFileGate(_ code: [String]) -> String? {
        guard let first = code.first, first.hasPrefix("#if "), code.last == "#endif" else { return nil }
        var depth = 0
        for (index, line) in code.enumerated() {
            if line.hasPrefix("#if ") { depth += 1 }
            if depth == 1 && (line.hasPrefix("#else") || line.hasPrefix("#elseif")) { return nil }
            if line.hasPrefix("#endif") {
                depth -= 1
                if depth == 0 && index != code.count - 1 { return nil }
            }
        }
        return first
    }

    /// The module an import line names (`import X`, `@testable import X`, `import struct X.Y`).
    static func importedModule(_ line: String) -> String? {
        let words = line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") }
        guard words.first == "import", words.count >= 2 else { return nil }
        let path =
            words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1])
            ? words[2] : words[1]
        return path.split(separator: ".").first.map(String.init)
    }

    @Test func ownModulesAreNeverImportedUnderAPlatformCondition() throws {
        let modules = try Self.ownModules()
        #expect(modules.contains("AlmanacPlanDiff"))
        var found: [String] = []
        for file in Self.swiftFiles() {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            found += Self.conditionalImports(in: text, file: file, modules: modules)
        }
        #expect(
            found.isEmpty, "imports of our own modules under #if (they compile on one platform only):\n\(found.joined(separator: "\n"))")
    }

    @Test func theRuleSeesTheCaseThatBrokeTheMacBuild() {
        // almanac/PlanFiles.swift imported AlmanacPlanDiff under `#if canImport(Glibc)` and used it everywhere.
        let text = "#if canImport(Glibc)\nimport AlmanacPlanDiff\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n"
        #expect(
            Self.conditionalImports(in: text, file: "f.swift", modules: ["AlmanacPlanDiff"]) == [
                "f.swift:2: import AlmanacPlanDiff under #if canImport(Glibc)"
            ])
        let fine = "import AlmanacPlanDiff\n#if canImport(Glibc)\nimport Glibc\n#endif\n#if canImport(CYAML)\nimport CYAML\n#endif\n"
        #expect(Self.conditionalImports(in: fine, file: "f.swift", modules: ["AlmanacPlanDiff", "CYAML"]).isEmpty)
        let trait = "#if PostgreSQL\nimport AlmanacPostgres\n#endif\nlet x = 1\n"
        #expect(Self.conditionalImports(in: trait, file: "f.swift", modules: ["AlmanacPostgres"]).isEmpty)
        let wholeFile = "// a file for Apple platforms\n#if canImport(UserNotifications)\nimport AlmanacPlan\nlet x = 1\n#endif\n"
        #expect(Self.conditionalImports(in: wholeFile, file: "f.swift", modules: ["AlmanacPlan"]).isEmpty)
        let partFile = "#if os(Linux)\nimport AlmanacPlan\n#endif\nlet x = 1\n"
        #expect(Self.conditionalImports(in: partFile, file: "f.swift", modules: ["AlmanacPlan"]).count == 1)
    }
}
