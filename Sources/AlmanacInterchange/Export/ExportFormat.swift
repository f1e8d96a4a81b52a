import AlmanacJSON
import AlmanacModel
import AlmanacTime

/// The schedulers `almanac export` writes for.
public enum ExportFormat: String, CaseIterable, Sendable {
    case ics, systemd, k8s, crontab

    /// What the format is written from: a calendar lists fires (a plan, or a spec compiled over a
    /// window); the schedulers take the rules (a spec), through `Exporter.export`.
    public var source: ExportSource {
        switch self {
        case .ics: .fires
        case .systemd: .rules(.systemd)
        case .k8s: .rules(.k8s)
        case .crontab: .rules(.crontab)
        }
    }

    /// systemd writes a pair of units per trigger, so `-o` names a directory; the others, one file.
    public var writesDirectory: Bool {
        switch self {
        case .systemd: true
        case .ics, .k8s, .crontab: false
        }
    }
}

/// What an export format is written from; the rule formats are the only ones `Exporter.export`
/// takes, so a calendar can never reach it.
public enum ExportSource: Equatable, Sendable {
    /// Fires, one event each (`ExportICS`).
    case fires
    /// A scheduler's own rules, translated from each trigger's.
    case rules(RuleFormat)
}

/// The export formats made from a schedule's rules: each trigger becomes the scheduler's own rule.
public enum RuleFormat: String, CaseIterable, Sendable {
    case systemd, k8s, crontab

    /// The same format as `almanac export` names it.
    public var format: ExportFormat {
        switch self {
        case .systemd: .systemd
        case .k8s: .k8s
        case .crontab: .crontab
        }
    }
}

/// What the exporters need besides the spec (or plan): commands, images, alarms.
public struct ExportOptions: Sendable {
    /// The payload key holding a trigger's command (`command`).
    public var commandKey: String
    /// A command for every trigger whose payload has none.
    public var exec: String?
    /// A container image for every k8s job whose payload has no `image`.
    public var image: String?
    /// ics: a VALARM this many seconds before each event.
    public var alarmSeconds: Int64?
    /// crontab: convert each trigger's times to UTC (no CRON_TZ=) where that is exact.
    public var utc: Bool
    /// systemd: the misfire intent of triggers whose payload has no `misfire` (skip, once, all).
    public var misfire: String

    public init(
        commandKey: String = "command", exec: String? = nil, image: String? = nil, alarmSeconds: Int64? = nil, utc: Bool = false,
        misfire: String = "skip"
    ) {
        self.commandKey = commandKey
        self.exec = exec
        self.image = image
        self.alarmSeconds = alarmSeconds
        self.utc = utc
        self.misfire = misfire
    }
}

/// One file an exporter writes: its name (for a directory) and its text.
public struct ExportFile: Hashable, Sendable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// What an exporter produced: the files, and a diagnostic for every trigger that does not carry over
/// exactly (errors; the caller turns them into warnings under `--lossy`).
public struct ExportResult: Sendable {
    public var files: [ExportFile]
    public var diagnostics: [Diagnostic]

    public init(files: [ExportFile], diagnostics: [Diagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }

    /// All files as one text: each after a `# file: NAME` line when there are several.
    public var joinedText: String {
        if files.count == 1 { return files[0].text }
        return files.map { "# file: \($0.name)\n" + $0.text }.joined(separator: "\n")
    }
}

/// Exports a checked schedule to the clock-field schedulers (systemd, k8s, crontab).
public enum Exporter {
    public static func export(_ schedule: Schedule, format: RuleFormat, options: ExportOptions) -> ExportResult {
        var result: ExportResult
        switch format {
        case .systemd: result = ExportSystemd.export(schedule, options: options)
        case .k8s: result = ExportKubernetes.export(schedule, options: options)
        case .crontab: result = ExportCrontab.export(schedule, options: options)
        }
        // In the spec's order, as `check` reports.
        var bag = DiagnosticBag()
        bag.emit(contentsOf: result.diagnostics)
        result.diagnostics = bag.sorted
        return result
    }

    /// `diagnostics` as `--lossy` reports them: losses and refusals become warnings; a missing
    /// command or image stays an error (the file would not run).
    public static func severities(_ diagnostics: [Diagnostic], lossy: Bool) -> [Diagnostic] {
        guard lossy else { return diagnostics }
        return diagnostics.map { d in
            var d = d
            if d.code != .exportMissingInput { d.severity = .warning }
            return d
        }
    }

    /// A command for `trigger`: its payload's `key` (a string), else `exec`.
    static func command(_ trigger: Trigger, options: ExportOptions) -> String? {
        if case .string(let s)? = trigger.payload[options.commandKey], !s.isEmpty { return s }
        return options.exec
    }

    /// A payload string, if the key holds one.
    static func payloadString(_ trigger: Trigger, _ key: String) -> String? {
        if case .string(let s)? = trigger.payload[key] { return s }
        return nil
    }

    /// A name made of `[a-z0-9-]` only (Kubernetes and systemd both accept it).
    static func safeName(_ text: String) -> String {
        var out = ""
        for c in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(c) || ("0"..."9").contains(c) {
                out.unicodeScalars.append(c)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        while out.hasPrefix("-") { out.removeFirst() }
        return out.isEmpty ? "x" : out
    }
}
