import AlmanacEscaping
import AlmanacJSON
import AlmanacModel
import AlmanacVocabulary

/// The formats `almanac import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case crontab, systemd, k8s, ics
}

/// What an importer produced: the spec's text (nil when an error leaves nothing sound to write) and
/// the diagnostics, located in the source file.
public struct ImportResult: Sendable {
    public var spec: String?
    public var diagnostics: [Diagnostic]
    /// The ids of the triggers the spec holds, in writing order: what a reader of `spec` must find
    /// (the fuzz target checks that no source text adds or hides one).
    public var triggerIDs: [String] = []

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Another scheduler's file → an Almanac spec whose decisions are YAML comments. Each importer is
/// a function of the bytes, the zone the machine would have used (`--timezone`) and the spec's name:
/// no clock, no environment.
public enum Importer {
    /// `systemCrontab`: the crontab has a user field (`/etc/crontab`, `/etc/cron.d/*`).
    public static func run(
        _ format: ImportFormat, _ file: SourceFile, timezone: String?, name: String, systemCrontab: Bool = false,
        limits: ImportLimits = ImportLimits()
    ) -> ImportResult {
        var diagnostics = DiagnosticBag()
        // Sizes first, from the source alone: nothing is built for a file whose spec could not be.
        if let refusal = limits.refusal(format, file) { return ImportResult(spec: nil, diagnostics: [refusal]) }
        if let timezone, !ZoneNames.isKnown(timezone) {
            diagnostics.emit(Diagnostic(.importUnknownZone(timezone), at: nil))
            return ImportResult(spec: nil, diagnostics: diagnostics.diagnostics)
        }
        var spec = ImportSpecWriter(name: name, source: file.path, format: format)
        // Cron, systemd and Kubernetes run jobs on servers; an iCalendar file's events are a person's.
        spec.runsOn = format == .ics ? .phone : .server
        switch format {
        case .crontab: CrontabImporter(file: file, timezone: timezone, system: systemCrontab).run(into: &spec, &diagnostics)
        case .systemd: SystemdImporter(file: file, timezone: timezone).run(into: &spec, &diagnostics)
        case .k8s: KubernetesImporter(file: file).run(into: &spec, &diagnostics)
        case .ics: ICSImporter(file: file, timezone: timezone).run(into: &spec, &diagnostics)
        }
        if spec.triggers.isEmpty && !diagnostics.hasErrors {
            diagnostics.emit(Diagnostic(.importNothing, at: SourceRange(line: 1, column: 1, length: 1)))
        }
        let text = diagnostics.hasErrors ? nil : spec.text()
        return ImportResult(spec: text, diagnostics: diagnostics.sorted, triggerIDs: text == nil ? [] : spec.triggers.map(\.id))
    }
}

/// One trigger of the imported spec: the comments above it, its keys as YAML text, its payload.
struct ImportedTrigger {
    var id: String
    var comments: [String] = []
    /// Key and its value as YAML text (a quoted scalar or a flow collection), in writing order.
    var fields: [(key: String, value: String)] = []
    var payload: [(key: String, value: JSONValue)] = []

    mutating func set(_ key: String, _ value: String) { fields.append((key, value)) }
    mutating func set(_ key: String, quoted value: String) { fields.append((key, YAMLText.doubleQuoted(value))) }
    mutating func comment(_ line: String) { comments.append(line) }
}

/// Writes the imported spec: a header naming the source, `version`, `name`, the triggers in source
/// order, each with its decisions as comments. Every string is a double-quoted scalar and every
/// comment one comment line (`YAMLText`), so no text from the source, however written, changes
/// the structure: a summary or a job name cannot add a trigger.
struct ImportSpecWriter {
    var name: String
    var source: String
    var format: ImportFormat
    var header: [String] = []
    /// The spec's `timezone`, when the importer has one for every trigger that does not say otherwise.
    var timezone: String?
    /// The spec's `runs_on`, written when it is not the default.
    var runsOn = RunnerProfile.default
    var triggers: [ImportedTrigger] = []
    private var ids = Set<String>()
    /// Per base, the suffix to try next: 20,000 events with one SUMMARY counted from `-2` each time
    /// took 35 s (quadratic); this keeps naming linear.
    private var nextSuffix: [String: Int] = [:]

    init(name: String, source: String, format: ImportFormat) {
        self.name = name
        self.source = source
        self.format = format
    }

    /// A trigger id from `words` (a command, a unit or an event's name): lower case, `[a-z0-9._-]`,
    /// at most 40 characters, `-2`, `-3`… when taken.
    mutating func uniqueID(from words: String, fallback: String) -> String {
        var base = ""
        var lastDash = true
        for scalar in words.lowercased().unicodeScalars {
            let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_"
            if ok {
                base.unicodeScalars.append(scalar)
                lastDash = false
            } else if !lastDash {
                base += "-"
                lastDash = true
            }
            if base.count >= 40 { break }
        }
        while let first = base.unicodeScalars.first, !(("a"..."z").contains(first) || ("0"..."9").contains(first)) {
            base.unicodeScalars.removeFirst()
        }
        while base.hasSuffix("-") || base.hasSuffix(".") { base.removeLast() }
        if base.isEmpty { base = fallback }
        var id = base
        var n = nextSuffix[base] ?? 2
        while ids.contains(id) {
            id = "\(base)-\(n)"
            n += 1
        }
        nextSuffix[base] = n
        ids.insert(id)
        return id
    }

    func text() -> String {
        var out = YAMLText.comment("Imported by `almanac import \(format.rawValue)` from \(source).") + "\n"
        for line in header { out += YAMLText.comment(line) + "\n" }
        out += "version: 1\n"
        out += "name: \(YAMLText.doubleQuoted(name))\n"
        if runsOn != .default { out += "runs_on: \(runsOn.rawValue)\n" }
        // Zone names come from the zone database (`ZoneNames.isKnown`): letters, digits, `/_+-`.
        if let timezone { out += "timezone: \(timezone)\n" }
        out += "triggers:\n"
        for (i, trigger) in triggers.enumerated() {
            if i > 0 { out += "\n" }
            for line in trigger.comments { out += "  " + YAMLText.comment(line) + "\n" }
            out += "  \(trigger.id):\n"
            for (key, value) in trigger.fields { out += "    \(key): \(value)\n" }
            if !trigger.payload.isEmpty {
                out += "    payload:\n"
                // The importers' own key names (`command`, `stdin`, …); what the source says is in the values.
                for (key, value) in trigger.payload { out += "      \(key): \(Self.flow(value))\n" }
            }
        }
        return out
    }

    /// A JSON value as YAML flow: JSON's own structure with every string a YAML double-quoted
    /// scalar (keys in UTF-8 order, as the canonical JSON writer has them).
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return YAMLText.doubleQuoted(s)
        case .array(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members):
            return "{"
                + JSONWriter.sortedKeys(members).map { YAMLText.doubleQuoted($0) + ": " + flow(members[$0]!) }.joined(separator: ", ") + "}"
        case .null, .bool, .number: return JSONWriter.inline(value)
        }
    }
}

/// Where `offset` scalars into line `line` (1-based, from column 1) is, `length` long.
func sourceRange(line: Int, column: Int, length: Int) -> SourceRange {
    SourceRange(line: line, column: column, length: length)
}

/// The lines of a text file, each with its 1-based number, without line breaks (CRLF too).
func sourceLines(_ file: SourceFile) -> [(number: Int, text: String)] {
    var lines: [(Int, String)] = []
    var n = 1
    while let line = file.line(n) {
        lines.append((n, line))
        n += 1
    }
    if let last = lines.last, last.1.isEmpty { lines.removeLast() }
    return lines
}

/// A located diagnostic as a `Result` failure.
struct ImportProblem: Error {
    var diagnostic: Diagnostic
}

/// A message not yet located, as a `Result` failure (the caller knows where).
struct ImportRefusal: Error {
    var message: DiagnosticMessage
}
