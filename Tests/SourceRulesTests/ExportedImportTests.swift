import Foundation
import Testing

/// Each file names the modules it uses: no module of ours re-exports another (`@_exported import`), so
/// a dependency is visible where it is declared, and removing one breaks the files that use it.
@Suite struct ExportedImportTests {
    /// `@_exported import X` lines of our own modules, as `file:line: X`.
    static func exportedImports(in text: String, file: String, modules: Set<String>) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.contains("@_exported"), let module = ConditionalImportTests.importedModule(String(line)),
                modules.contains(module)
            else { return nil }
            return "\(file):\(number + 1): \(module)"
        }
    }

    @Test func noModuleOfOursIsReExported() throws {
        let modules = try ConditionalImportTests.ownModules()
        #expect(modules.contains("AlmanacVocabulary"))
        var found: [String] = []
        for file in ConditionalImportTests.swiftFiles() {
            let text = try String(contentsOf: ConditionalImportTests.sources.appendingPathComponent(file), encoding: .utf8)
            found += Self.exportedImports(in: text, file: file, modules: modules)
        }
        #expect(found.isEmpty, "re-exported modules (import them where they are used instead):\n\(found.joined(separator: "\n"))")
    }

    @Test func theRuleSeesAReExport() {
        let text = "@_exported import AlmanacVocabulary\nimport AlmanacJSON\n@_exported import Foundation\n"
        #expect(
            Self.exportedImports(in: text, file: "f.swift", modules: ["AlmanacVocabulary", "AlmanacJSON"]) == [
                "f.swift:1: AlmanacVocabulary"
            ])
    }
}
