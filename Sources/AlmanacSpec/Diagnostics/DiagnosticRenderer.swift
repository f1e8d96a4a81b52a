import AlmanacJSON

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
public struct DiagnosticRenderer: Sendable {
    public var format: DiagnosticFormat
    /// ANSI colour; the executables turn it on only for a terminal.
    public var colour: Bool

    public init(format: DiagnosticFormat = .text, colour: Bool = false) {
        self.format = format
        self.colour = colour
    }

    /// The diagnostics of `file`, in source order.
    public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
        switch format {
        case .text: return diagnostics.map { text($0, file) }.joined()
        case .github: return diagnostics.map { github($0, file) }.joined()
        case .json: return renderJSON([(file, diagnostics)])
        }
    }

    /// A JSON document for several files at once (`check a.yaml b.yaml --format json`).
    public func renderJSON(_ files: [(SourceFile, [Diagnostic])]) -> String {
        var items: [JSONValue] = []
        for (file, diagnostics) in files {
            for d in diagnostics { items.append(Self.json(d, file)) }
        }
        let errors = files.flatMap(\.1).filter { $0.severity == .error }.count
        let warnings = files.flatMap(\.1).filter { $0.severity == .warning }.count
        var out = "{\"diagnostics\": ["
        for (i, item) in items.enumerated() {
            out += i == 0 ? "\n  " : ",\n  "
            JSONWriter.write(item, to: &out)
        }
        out += items.isEmpty ? "" : "\n"
        out += "], \"errors\": \(errors), \"warnings\": \(warnings)}\n"
        return out
    }

    static func json(_ d: Diagnostic, _ file: SourceFile) -> JSONValue {
        var o: [String: JSONValue] = [
            "file": .string(file.path),
            "severity": .string(d.severity.rawValue),
            "code": .string(d.code.rawValue),
            "message": .string(d.message),
        ]
        if let r = d.range {
            o["line"] = .number(String(r.start.line))
            o["column"] = .number(String(r.start.column))
            o["endLine"] = .number(String(r.end.line))
            o["endColumn"] = .number(String(r.end.column))
        }
        if !d.notes.isEmpty {
            o["notes"] = .array(d.notes.map { note in
                var n: [String: JSONValue] = ["message": .string(note.message)]
                if let r = note.range {
                    n["line"] = .number(String(r.start.line))
                    n["column"] = .number(String(r.start.column))
                }
                return .object(n)
            })
        }
        return .object(o)
    }

    func github(_ d: Diagnostic, _ file: SourceFile) -> String {
        let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
        var props = "file=\(escapeProperty(file.path))"
        if let r = d.range {
            props += ",line=\(r.start.line),col=\(r.start.column)"
            if r.end.line >= r.start.line {
                props += ",endLine=\(r.end.line),endColumn=\(r.end.column)"
            }
        }
        props += ",title=\(d.code.rawValue)"
        var message = d.message
        for note in d.notes {
            message += "\n" + (note.range.map { "\($0.start): " } ?? "") + "note: " + note.message
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
        colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    func text(_ d: Diagnostic, _ file: SourceFile) -> String {
        let severityColour = d.severity == .error ? "1;31" : d.severity == .warning ? "1;33" : "1;36"
        var out = ""
        let location = d.range.map { "\(file.path):\($0.start.line):\($0.start.column)" } ?? file.path
        out += paint(location + ":", "1") + " "
        out += paint("\(d.severity.rawValue)[\(d.code.rawValue)]", severityColour) + ": "
        out += d.message + "\n"
        if let r = d.range { out += excerpt(r, file, caretColour: severityColour) }
        for note in d.notes {
            let at = note.range.map { "\(file.path):\($0.start.line):\($0.start.column): " } ?? ""
            out += "      = " + paint("note", "1;36") + ": " + at + note.message + "\n"
            if let r = note.range { out += excerpt(r, file, caretColour: "1;36") }
        }
        return out
    }

    /// The source line with a caret run under the range (to its end, or the line's end when the
    /// range spans lines). Tabs are kept so that carets line up in a terminal.
    func excerpt(_ r: SourceRange, _ file: SourceFile, caretColour: String) -> String {
        guard let line = file.line(r.start.line) else { return "" }
        let scalars = Array(line.unicodeScalars)
        let number = String(r.start.line)
        let gutter = String(repeating: " ", count: max(4 - number.count, 1))
        let startIndex = min(max(r.start.column - 1, 0), scalars.count)
        var endIndex = r.end.line == r.start.line ? r.end.column - 1 : scalars.count
        endIndex = min(max(endIndex, startIndex + 1), max(scalars.count, startIndex + 1))
        var pad = ""
        for s in scalars[0..<startIndex] { pad.unicodeScalars.append(s == "\t" ? "\t" : " ") }
        let carets = String(repeating: "^", count: endIndex - startIndex)
        let blank = String(repeating: " ", count: gutter.count + number.count)
        return "\(gutter)\(number) | \(line)\n\(blank) | \(pad)\(paint(carets, caretColour))\n"
    }
}
