import AlmanacEscaping
import AlmanacJSON
import AlmanacVocabulary

/// Output formats for diagnostics.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `file:line:col: error[E0203]: message` with a caret excerpt.
    case text
    /// One JSON document: `{"diagnostics": [...]}`.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`).
    case github
}

/// Renders diagnostics of one or more files.
///
/// Output stays proportional to what a reader can use whatever the spec: at most `limit`
/// diagnostics per file (then a count of the rest), excerpts at most `excerptWidth` characters
/// wide around the caret, and control characters (escape sequences, bidi overrides) shown as
/// `\u{1B}` rather than sent to the terminal or CI log.
public struct DiagnosticRenderer: Sendable {
    public var format: DiagnosticFormat
    /// ANSI colour; the executables turn it on only for a terminal.
    public var colour: Bool
    /// Most diagnostics printed per file; the rest are counted in one closing line.
    public var limit: Int
    /// Most characters of a source line shown in an excerpt.
    public var excerptWidth: Int

    public static let defaultLimit = 100
    public static let defaultExcerptWidth = 120

    public init(
        format: DiagnosticFormat = .text, colour: Bool = false, limit: Int = DiagnosticRenderer.defaultLimit,
        excerptWidth: Int = DiagnosticRenderer.defaultExcerptWidth
    ) {
        self.format = format
        self.colour = colour
        self.limit = max(limit, 1)
        self.excerptWidth = max(excerptWidth, 20)
    }

    /// The diagnostics of `file`, in source order.
    public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
        let shown = diagnostics.prefix(limit)
        let rest = diagnostics.dropFirst(limit)
        switch format {
        case .text:
            var lines = LineCache(file)
            var out = ""
            for d in shown { out += text(d, file, &lines) }
            if !rest.isEmpty { out += "\(Self.visible(file.path)): \(Self.omitted(rest)) not shown\n" }
            return out
        case .github:
            var out = shown.map { github($0, file) }.joined()
            if !rest.isEmpty { out += "::notice file=\(escapeProperty(file.path)),title=omitted::\(Self.omitted(rest)) not shown\n" }
            return out
        case .json: return renderJSON([(file, diagnostics)])
        }
    }

    /// `3 more diagnostics (2 errors, 1 warning)`.
    static func omitted(_ rest: ArraySlice<Diagnostic>) -> String {
        let errors = rest.count { $0.severity == .error }
        let warnings = rest.count { $0.severity == .warning }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        let more = "\(rest.count) more diagnostic\(rest.count == 1 ? "" : "s")"
        return parts.isEmpty ? more : "\(more) (\(parts.joined(separator: ", ")))"
    }

    /// A JSON document for several files at once (`check a.yaml b.yaml --format json`): at most
    /// `limit` diagnostics per file, with `omitted` counting the rest; `errors` and `warnings`
    /// count them all.
    /// `triggers`, when given, are listed after the counts under `"triggers"`, one object a line
    /// (`check --format json` lists each trigger's explanation there).
    public func renderJSON(_ files: [(SourceFile, [Diagnostic])], triggers: [JSONValue]? = nil) -> String {
        var out = "{\"diagnostics\": ["
        var first = true
        var omitted = 0
        var errors = 0, warnings = 0
        for (file, diagnostics) in files {
            errors += diagnostics.count { $0.severity == .error }
            warnings += diagnostics.count { $0.severity == .warning }
            omitted += max(diagnostics.count - limit, 0)
            for d in diagnostics.prefix(limit) {
                out += first ? "\n  " : ",\n  "
                first = false
                JSONWriter.write(Self.json(d, file), to: &out)
            }
        }
        out += first ? "" : "\n"
        out += "], \"errors\": \(errors), \"warnings\": \(warnings)"
        if omitted > 0 { out += ", \"omitted\": \(omitted)" }
        if let triggers {
            out += ", \"triggers\": ["
            for (i, t) in triggers.enumerated() {
                out += i == 0 ? "\n  " : ",\n  "
                JSONWriter.write(t, to: &out)
            }
            out += triggers.isEmpty ? "]" : "\n]"
        }
        out += "}\n"
        return out
    }

    static func json(_ d: Diagnostic, _ file: SourceFile) -> JSONValue {
        var o: [String: JSONValue] = [
            "file": .string(visible(file.path)),
            "severity": .string(d.severity.rawValue),
            "code": .string(d.code.rawValue),
            "message": .string(visible(d.message)),
        ]
        if let r = d.range {
            o["line"] = .number(String(r.start.line))
            o["column"] = .number(String(r.start.column))
            o["endLine"] = .number(String(r.end.line))
            o["endColumn"] = .number(String(r.end.column))
        }
        if !d.notes.isEmpty {
            o["notes"] = .array(
                d.notes.map { note in
                    var n: [String: JSONValue] = ["message": .string(visible(note.message))]
                    if let r = note.range {
                        n["line"] = .number(String(r.start.line))
                        n["column"] = .number(String(r.start.column))
                    }
                    return .object(n)
                })
        }
        if !d.details.isEmpty { o["details"] = .object(d.details) }
        return .object(o)
    }

    func github(_ d: Diagnostic, _ file: SourceFile) -> String {
        let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
        var props = "file=\(escapeProperty(Self.visible(file.path)))"
        if let r = d.range {
            props += ",line=\(r.start.line),col=\(r.start.column)"
            if r.end.line >= r.start.line {
                props += ",endLine=\(r.end.line),endColumn=\(r.end.column)"
            }
        }
        props += ",title=\(d.code.rawValue)"
        var message = Self.visible(d.message)
        for note in d.notes {
            message += "\n" + (note.range.map { "\($0.start): " } ?? "") + "note: " + Self.visible(note.message)
        }
        return "::\(command) \(props)::\(escapeData(message))\n"
    }

    // GitHub's workflow-command escaping rules.
    func escapeData(_ s: String) -> String {
        s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    func escapeProperty(_ s: String) -> String {
        escapeData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    func paint(_ s: String, _ code: String) -> String {
        TerminalStyle.paint(s, code, enabled: colour)
    }

    func text(_ d: Diagnostic, _ file: SourceFile, _ lines: inout LineCache) -> String {
        let severityColour = d.severity == .error ? "1;31" : d.severity == .warning ? "1;33" : "1;36"
        var out = ""
        let path = Self.visible(file.path)
        let location = d.range.map { "\(path):\($0.start.line):\($0.start.column)" } ?? path
        out += paint(location + ":", "1") + " "
        out += paint("\(d.severity.rawValue)[\(d.code.rawValue)]", severityColour) + ": "
        out += Self.visible(d.message) + "\n"
        if let r = d.range { out += excerpt(r, &lines, caretColour: severityColour) }
        for note in d.notes {
            let at = note.range.map { "\(path):\($0.start.line):\($0.start.column): " } ?? ""
            out += "      = " + paint("note", "1;36") + ": " + at + Self.visible(note.message) + "\n"
            if let r = note.range { out += excerpt(r, &lines, caretColour: "1;36") }
        }
        return out
    }

    /// The source line with a caret run under the range (to its end, or the line's end when the
    /// range spans lines). Tabs are kept so that carets line up in a terminal; control characters
    /// are escaped and the carets widened to match. A line wider than `excerptWidth` is cut to a
    /// window around the caret, marked with `…` at the cut ends; only that window is decoded.
    func excerpt(_ r: SourceRange, _ lines: inout LineCache, caretColour: String) -> String {
        guard let line = lines.file.lineBytes(r.start.line) else { return "" }
        let number = String(r.start.line)
        let gutter = String(repeating: " ", count: max(4 - number.count, 1))
        // Byte offset of the caret's column (at most the line's end), then back a third of the
        // width for context.
        var (column, offset) = lines.offset(ofColumn: max(r.start.column - 1, 0), line: r.start.line, in: line)
        let startColumn = column
        let endColumn = r.end.line == r.start.line ? max(r.end.column - 1, startColumn + 1) : Int.max
        var lead = excerptWidth / 3
        if column < excerptWidth * 2 / 3 {
            (column, offset) = (0, line.startIndex)
            lead = 0
        }
        while lead > 0, offset > line.startIndex {
            offset -= 1
            if line[offset] & 0xC0 != 0x80 {
                column -= 1
                lead -= 1
            }
        }
        let cutStart = offset > line.startIndex
        var shown = cutStart ? "…" : ""
        var pad = cutStart ? " " : ""
        var width = 0, carets = 0
        var iterator = String(decoding: line[offset...], as: UTF8.self).unicodeScalars.makeIterator()
        var cutEnd = false
        while let s = iterator.next() {
            let piece = s == "\t" ? "\t" : Self.visible(s) ?? String(s)
            let pieceWidth = s == "\t" ? 1 : piece.unicodeScalars.count
            if width + pieceWidth > excerptWidth {
                cutEnd = true
                break
            }
            shown += piece
            width += pieceWidth
            if column < startColumn {
                pad += s == "\t" ? "\t" : String(repeating: " ", count: pieceWidth)
            } else if column < endColumn {
                carets += pieceWidth
            }
            column += 1
        }
        if cutEnd { shown += "…" }
        carets = min(max(carets, 1), excerptWidth)
        let blank = String(repeating: " ", count: gutter.count + number.count)
        return "\(gutter)\(number) | \(shown)\n\(blank) | \(pad)\(paint(String(repeating: "^", count: carets), caretColour))\n"
    }

    /// `scalar` written visibly when a terminal would act on it instead of showing it
    /// (`TerminalText`: C0 and C1 controls, DEL, line and paragraph separators, and the
    /// bidirectional controls that reorder what a reader sees).
    static func visible(_ scalar: Unicode.Scalar) -> String? { TerminalText.visible(scalar) }

    /// Longest message or path printed, in Unicode scalars; a message quoting a huge value is cut.
    public static let maxMessageLength = 1000

    /// `text` with every character `visible(_:)` escapes written visibly (tabs too), cut with `…`
    /// past `maxMessageLength`. Also what `almanac-exec status` and `pending --store` print names with.
    public static func visible(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maxMessageLength || scalars.contains(where: { visible($0) != nil }) else { return text }
        var out = ""
        var length = 0
        for s in scalars {
            let piece = visible(s) ?? String(s)
            length += piece.unicodeScalars.count
            if length > maxMessageLength {
                out += "…"
                break
            }
            out += piece
        }
        return out
    }
}

/// Where the last excerpt's caret was found: diagnostics come in source order, so the next
/// caret on the same line is found by scanning on from there, and one long line is read once.
struct LineCache {
    let file: SourceFile
    var last: (line: Int, column: Int, offset: Int)?

    init(_ file: SourceFile) { self.file = file }

    /// The byte offset in `bytes` (line `n`) of scalar column `column` (0-based), clamped to the
    /// line's end, with the column actually reached.
    mutating func offset(ofColumn column: Int, line n: Int, in bytes: ArraySlice<UInt8>) -> (column: Int, offset: Int) {
        var current = 0, offset = bytes.startIndex
        if let last, last.line == n, last.column <= column { (current, offset) = (last.column, last.offset) }
        while current < column, offset < bytes.endIndex {
            offset += 1
            while offset < bytes.endIndex, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            current += 1
        }
        last = (n, current, offset)
        return (current, offset)
    }
}
