import AlmanacInterchange
import AlmanacModel
import AlmanacSpec

/// Another tool's file → `almanac import`. The first byte picks the format (crontab, systemd, k8s,
/// ics; its top bit, a `--timezone`); the rest is the file. Checks: every diagnostic lies inside the
/// source; a spec is written exactly when there is no error; the spec is YAML our composer reads
/// without a YAML error, with only `version`, `name`, `timezone` and `triggers` at the top, and
/// exactly the triggers the importer wrote — whatever the source's names, summaries and comments
/// hold, no text escapes its comment or string to add, hide or change a trigger.
public enum ImportCheck {
    public static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let format = ImportFormat.allCases[Int(selector & 0x7F) % ImportFormat.allCases.count]
        let source = Array(bytes.dropFirst())
        let file = SourceFile(path: "fuzz", bytes: source)
        let result = Importer.run(format, file, timezone: selector & 0x80 != 0 ? "Europe/Paris" : nil, name: "fuzz")
        let lines = LineLengths(source)
        for d in result.diagnostics { if let range = d.range { lines.check(range, d) } }
        invariant((result.spec == nil) == result.hasErrors, "spec written: \(result.spec != nil), errors: \(result.hasErrors)")
        guard let spec = result.spec else { return }
        var diagnostics = DiagnosticBag()
        let root = YAMLComposer.compose(Array(spec.utf8), diagnostics: &diagnostics)
        invariant(!diagnostics.hasErrors, "the imported spec is not YAML: \(diagnostics.diagnostics.map(\.message))\n\(spec)")
        guard let top = root?.mapping else {
            invariant(false, "the imported spec is not a mapping:\n\(spec)")
            return
        }
        let keys = top.compactMap(\.key.scalar)
        invariant(Set(keys).isSubset(of: ["version", "name", "timezone", "runs_on", "triggers"]), "top-level keys \(keys)\n\(spec)")
        let triggers = top.first { $0.key.scalar == "triggers" }?.value.mapping.map { $0.compactMap(\.key.scalar) } ?? []
        invariant(triggers == result.triggerIDs, "triggers read back \(triggers), written \(result.triggerIDs)\n\(spec)")
        // What `check` says about the spec may be an error (a command holding a CR, say), never one
        // about its YAML or its shape: those would mean the writer, not the source, is at fault.
        let loaded = SpecLoader.load(SourceFile(path: "imported.yaml", text: spec))
        for d in loaded.diagnostics where d.code.rawValue.hasPrefix("E01") || d.code == .unknownKey || d.code == .wrongType {
            invariant(false, "\(d.code.rawValue) \(d.message) in the imported spec\n\(spec)")
        }
    }
}
