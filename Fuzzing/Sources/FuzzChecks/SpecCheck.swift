import AlmanacJSON
import AlmanacModel
import AlmanacSpec

/// Spec text → validation → diagnostics in every format. Checks: no crash; every diagnostic
/// range lies inside the text and starts before it ends; a spec without a schedule has an error;
/// the JSON rendering is valid JSON with one entry per diagnostic up to the renderer's limit, and
/// an `omitted` count of the rest.
public enum SpecCheck {
    public static func run(_ bytes: [UInt8]) {
        let file = SourceFile(path: "fuzz.yaml", bytes: bytes)
        let result = SpecLoader.load(file)
        invariant(result.schedule != nil || result.hasErrors, "no schedule and no error")
        let lines = LineLengths(bytes)
        for d in result.diagnostics {
            if let range = d.range { lines.check(range, d) }
            for note in d.notes { if let range = note.range { lines.check(range, d) } }
        }
        for format in DiagnosticFormat.allCases {
            let out = DiagnosticRenderer(format: format).render(result.diagnostics, in: file)
            if format == .json {
                let parsed: JSONValue
                do { parsed = try JSONReader.parse(out) } catch { invariant(false, "JSON diagnostics do not parse: \(error)"); return }
                guard case .object(let top) = parsed, case .array(let items)? = top["diagnostics"] else {
                    invariant(false, "JSON diagnostics lack a diagnostics array"); return
                }
                // At most `defaultLimit` are listed; `omitted` counts the rest.
                let limit = DiagnosticRenderer.defaultLimit
                invariant(
                    items.count == min(result.diagnostics.count, limit),
                    "JSON has \(items.count) of \(result.diagnostics.count) diagnostics")
                var omitted = 0
                if case .number(let text)? = top["omitted"] { omitted = Int(text) ?? -1 }
                invariant(
                    omitted == max(result.diagnostics.count - limit, 0), "JSON says \(omitted) omitted of \(result.diagnostics.count)")
            }
        }
    }
}

/// The length in Unicode scalars of each line of a text (lines split at LF, a CR before it dropped).
struct LineLengths {
    var lengths: [Int] = []

    init(_ bytes: [UInt8]) {
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var slice = line[...]
            if slice.last == 0x0D { slice = slice.dropLast() }
            lengths.append(String(decoding: slice, as: UTF8.self).unicodeScalars.count)
        }
    }

    /// A position may sit one column past the end of its line (an excerpt's caret at end of line).
    func isValid(_ p: SourcePosition) -> Bool {
        p.line >= 1 && p.line <= lengths.count && p.column >= 1 && p.column <= lengths[p.line - 1] + 1
    }

    func check(_ range: SourceRange, _ d: Diagnostic) {
        invariant(isValid(range.start), "\(d.code.rawValue) '\(d.message)' starts at \(range.start) outside the text")
        invariant(range.start <= range.end, "\(d.code.rawValue) '\(d.message)' ends before it starts: \(range)")
    }
}
