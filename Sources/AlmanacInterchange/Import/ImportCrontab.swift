import AlmanacJSON
import AlmanacModel

/// A crontab (Vixie cron, cronie) → `cron:` triggers, one per job line, in source order.
///
/// - Job lines keep their five fields as written: Almanac's `cron:` reads them as Vixie does,
///   the day-of-month/day-of-week rule included (OR when both are restricted, AND when either
///   starts with `*`).
/// - `CRON_TZ=` (cronie) names the zone of the lines after them; other `NAME=value` lines go into
///   the payload's `environment` of the lines after them, `TZ=` included (cronie passes it to the
///   command and matches the schedule in the daemon's zone).
/// - The command is cut at its first unescaped `%`, the rest is the job's standard input with
///   each further `%` a newline, and `\%` is a literal `%` (cron's `do_command.c`).
/// - The DST policy is cron's own (`cron.c`): see `dstPolicy`.
struct CrontabImporter {
    let file: SourceFile
    /// The zone the cron daemon runs in (the machine's), from `--timezone`.
    let timezone: String?
    /// A system crontab: a user name between the fields and the command.
    let system: Bool

    func run(into spec: inout ImportSpecWriter, _ diagnostics: inout DiagnosticBag) {
        spec.timezone = timezone
        if system {
            spec.header.append(
                "A system crontab: the sixth field is the user, kept in the payload as `user`; almanac-exec runs every command as its own user."
            )
        }
        spec.header.append("cron never runs a job whose time passed while it was not running (`misfire: skip`).")
        var environment: [String: JSONValue] = [:]
        var mailto: Int? = nil
        var zone: (name: String, line: Int)? = nil
        var tzLine: Int?
        var comments: [String] = []
        for (number, text) in sourceLines(file) {
            let scalars = Array(text.unicodeScalars)
            var i = 0
            while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
            if i == scalars.count {
                // Comments that a blank line separates from the first job describe the file.
                if spec.triggers.isEmpty && !comments.isEmpty {
                    spec.header += comments
                    comments = []
                }
                continue
            }
            if scalars[i] == "#" {
                var j = i + 1
                if j < scalars.count, scalars[j] == " " { j += 1 }
                comments.append(String(String.UnicodeScalarView(scalars[j...])))
                continue
            }
            if let (name, value, valueColumn) = Self.assignment(scalars, from: i) {
                // Only CRON_TZ= sets the zone cronie matches the lines below in; TZ= (like every other
                // assignment) is the command's environment, and the schedule stays in the daemon's zone.
                if name == "TZ" { tzLine = number }
                if name == "CRON_TZ" {
                    guard ZoneNames.isKnown(value) else {
                        diagnostics.emit(
                            Diagnostic(.importUnknownZone(value), at: sourceRange(line: number, column: valueColumn, length: value.count)))
                        continue
                    }
                    zone = (value, number)
                }
                if name != "CRON_TZ" { environment[name] = .string(value) }
                if name == "MAILTO" && mailto == nil { mailto = number }
                continue
            }
            // cronie: a `-` before the first field keeps the job out of syslog; it changes no time.
            let quiet = scalars[i] == "-" && i + 1 < scalars.count && scalars[i + 1] != " " && scalars[i + 1] != "\t"
            if quiet { i += 1 }
            guard var trigger = job(scalars, from: i, line: number, zone: zone, environment, &spec, &diagnostics) else {
                comments = []
                continue
            }
            if quiet { trigger.comment("`-`: cronie does not log this job to syslog; an executor journals every fire.") }
            if let tzLine, zone == nil {
                trigger.comment("TZ= (line \(tzLine)) is the command's environment: cronie matches this line in its own zone.")
            }
            trigger.comments = comments + trigger.comments
            comments = []
            spec.triggers.append(trigger)
        }
        if let mailto {
            spec.header.append(
                "MAILTO (line \(mailto)): almanac-exec mails nothing; a command's output goes to the daemon's standard output and error.")
        }
        if !comments.isEmpty {
            spec.header.append("Comments after the last job:")
            spec.header += comments
        }
    }

    /// `NAME=value` (spaces around `=` allowed, the value optionally quoted), as cron's `load_env`
    /// reads it; nil for a job line.
    static func assignment(_ s: [Unicode.Scalar], from start: Int) -> (String, String, Int)? {
        var i = start
        guard i < s.count, s[i] == "_" || s[i].properties.isAlphabetic && s[i].isASCII else { return nil }
        while i < s.count, s[i] == "_" || (s[i].isASCII && (s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]))) { i += 1 }
        let name = String(String.UnicodeScalarView(s[start..<i]))
        while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
        guard i < s.count, s[i] == "=" else { return nil }
        i += 1
        while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
        var end = s.count
        while end > i, s[end - 1] == " " || s[end - 1] == "\t" { end -= 1 }
        var valueStart = i
        if end - i >= 2, s[i] == s[end - 1], s[i] == "\"" || s[i] == "'" {
            valueStart = i + 1
            end -= 1
        }
        return (name, String(String.UnicodeScalarView(s[valueStart..<end])), valueStart + 1)
    }

    private func job(
        _ s: [Unicode.Scalar], from start: Int, line: Int, zone: (name: String, line: Int)?, _ environment: [String: JSONValue],
        _ spec: inout ImportSpecWriter, _ diagnostics: inout DiagnosticBag
    ) -> ImportedTrigger? {
        // Words: the macro or five fields, then (system) the user, then the command.
        var words: [Range<Int>] = []
        var i = start
        let wanted = (s[start] == "@" ? 1 : 5) + (system ? 1 : 0)
        while words.count < wanted {
            while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
            guard i < s.count else { break }
            let w = i
            while i < s.count, s[i] != " ", s[i] != "\t" { i += 1 }
            words.append(w..<i)
        }
        while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
        let timeWords = s[start] == "@" ? 1 : 5
        let scheduleEnd = words.count >= timeWords ? words[timeWords - 1].upperBound : s.count
        let scheduleText = String(String.UnicodeScalarView(s[start..<scheduleEnd]))
        // The schedule first: `@reboot` and field errors are worth more than a missing command.
        let (expression, errors) = CronParser.parse(scheduleText)
        for error in errors {
            diagnostics.emit(Diagnostic(error, at: sourceRange(line: line, column: start + 1 + error.offset, length: error.length)))
        }
        guard let expression else { return nil }
        guard words.count == wanted, i < s.count else {
            diagnostics.emit(
                Diagnostic(
                    .importCrontabTooFewFields(system: system), at: sourceRange(line: line, column: start + 1, length: s.count - start)))
            return nil
        }
        guard let zoneName = zone?.name ?? timezone else {
            diagnostics.emit(
                Diagnostic(.importCrontabNeedsZone, at: sourceRange(line: line, column: start + 1, length: scheduleEnd - start)))
            return nil
        }
        let user = system ? String(String.UnicodeScalarView(s[words[timeWords]])) : nil
        let (command, stdin) = Self.splitPercent(Array(s[i...]))

        var trigger = ImportedTrigger(id: spec.uniqueID(from: Self.idWords(command), fallback: "job"))
        // Written with one space between fields; errors above point into the text as written.
        let fields = words[0..<timeWords].map { String(String.UnicodeScalarView(s[$0])) }.joined(separator: " ")
        trigger.comment("line \(line): \(fields)")
        trigger.set("cron", quoted: fields)
        if zoneName != timezone { trigger.set("timezone", zoneName) }
        let wild = Self.isWildcard(s, words, macro: s[start] == "@", expression: expression)
        let policy = dstPolicy(wildcard: wild, cronTZ: zone, daemonZone: timezone)
        trigger.comments += policy.comment
        trigger.set("dst", "{gap: \(policy.gap), overlap: \(policy.overlap)}")
        trigger.set("misfire", "skip")
        trigger.payload.append(("command", .string(command)))
        if let stdin { trigger.payload.append(("stdin", .string(stdin))) }
        if !environment.isEmpty { trigger.payload.append(("environment", .object(environment))) }
        if let user { trigger.payload.append(("user", .string(user))) }
        return trigger
    }

    /// cron's "wildcard" job (`entry.c`): the minute or the hour field *begins* with `*` (so
    /// `*/5` is wildcard and `0-59` is not); `@hourly` is wildcard, the other macros are not.
    static func isWildcard(_ s: [Unicode.Scalar], _ words: [Range<Int>], macro: Bool, expression: CronExpression) -> Bool {
        if macro { return expression.hours == (1 << 24) - 1 }
        return s[words[0].lowerBound] == "*" || s[words[1].lowerBound] == "*"
    }

    struct Policy {
        var gap: String
        var overlap: String
        var comment: [String]
    }

    /// What cron does at a clock change, as `dst:`. Vixie cron and cronie (`cron.c`, the
    /// `timeDiff` cases) handle a change of the daemon's own zone of less than three hours:
    /// - spring forward: wildcard jobs run only at the minutes the clock shows (none in the skipped
    ///   hour); fixed-time jobs whose time was skipped run at once, right after the jump → `gap: skip`
    ///   for wildcard jobs, `gap: next` for fixed-time ones;
    /// - fall back: wildcard jobs run again through the repeated hour; fixed-time jobs do not run
    ///   twice → `overlap: both` / `overlap: first`.
    /// A job under `CRON_TZ=` (cronie) is tested minute by minute in its own zone, and cronie skips it
    /// during the catch-up of a change of the daemon's zone: its skipped times never run (`gap: skip`)
    /// and a repeated time runs twice (`overlap: both`), except a fixed-time job when its zone is the
    /// daemon's, which the fall-back handling runs once.
    func dstPolicy(wildcard: Bool, cronTZ: (name: String, line: Int)?, daemonZone: String?) -> Policy {
        guard let cronTZ else {
            return wildcard
                ? Policy(
                    gap: "skip", overlap: "both",
                    comment: [
                        "DST: cron runs a job whose minute or hour field starts with `*` only at the minutes the",
                        "clock shows: not in the hour a spring-forward skips, again in the hour a fall-back repeats.",
                    ])
                : Policy(
                    gap: "next", overlap: "first",
                    comment: [
                        "DST: cron runs a fixed-time job whose time a spring-forward skips right after the jump",
                        "(`gap: next`), and does not run it again in the hour a fall-back repeats (`overlap: first`).",
                    ])
        }
        let sameZone = cronTZ.name == daemonZone
        let overlap = !wildcard && sameZone ? "first" : "both"
        var comment = [
            "DST: cronie tests a CRON_TZ= job (line \(cronTZ.line)) minute by minute in its zone: a time a",
            "spring-forward skips never runs (`gap: skip`)",
        ]
        if overlap == "first" {
            comment[1] += "; a fixed-time job in the daemon's own zone runs once in a repeated hour."
        } else {
            comment[1] += ", a time a fall-back repeats runs twice (`overlap: both`)."
            if !wildcard { comment.append("(Once only if the daemon runs in \(cronTZ.name) too: then write `overlap: first`.)") }
        }
        return Policy(gap: "skip", overlap: overlap, comment: comment)
    }

    /// cron's `%`: the command ends at the first unescaped `%`; the rest is standard input, each
    /// further unescaped `%` a newline, and a final newline added when the input has none (cronie);
    /// `\%` is a literal `%` in both, other backslashes stay.
    static func splitPercent(_ s: [Unicode.Scalar]) -> (String, String?) {
        var command = String.UnicodeScalarView()
        var i = 0
        var cut = false
        while i < s.count {
            if s[i] == "\\", i + 1 < s.count, s[i + 1] == "%" {
                command.append("%")
                i += 2
                continue
            }
            if s[i] == "%" {
                cut = true
                i += 1
                break
            }
            command.append(s[i])
            i += 1
        }
        guard cut else { return (String(command), nil) }
        // cronie (`do_command.c`) ends non-empty input with a newline when it has none.
        var input = String.UnicodeScalarView()
        while i < s.count {
            if s[i] == "\\", i + 1 < s.count, s[i + 1] == "%" {
                input.append("%")
                i += 2
                continue
            }
            input.append(s[i] == "%" ? "\n" : s[i])
            i += 1
        }
        if let last = input.last, last != "\n" { input.append("\n") }
        return (String(command), String(input))
    }

    /// The words a trigger id is made from: the base name of the first program the command runs,
    /// past assignments, options and wrappers (`cd dir &&`, `nice`, `test -x … ||`).
    static func idWords(_ command: String) -> String {
        let wrappers: Set<String> = [
            "cd", "env", "nice", "ionice", "nohup", "sudo", "exec", "time", "timeout", "flock", "chronic", "test", "[", "[[", "if",
            "then", "sh", "bash", "-c", "&&", "||", ";", "(", ")", "{", "run-one", "systemd-cat",
        ]
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // Wrappers whose first operand is not the program: `cd DIR`, `flock FILE`, `timeout DURATION`.
        let takesOperand: Set<String> = ["cd", "flock", "timeout"]
        var skipNext = false
        for word in words {
            if skipNext {
                if !word.hasPrefix("-") { skipNext = false }
                continue
            }
            let name = word.split(separator: "/").last.map(String.init) ?? word
            if takesOperand.contains(name) {
                skipNext = true
                continue
            }
            if wrappers.contains(word) || word.hasPrefix("-") || word.contains("=") || word.first?.isNumber == true { continue }
            if word.hasPrefix("/") && (word.hasPrefix("/dev/") || word == "/") { continue }
            let base = word.split(separator: "/").last.map(String.init) ?? word
            if base.isEmpty || wrappers.contains(base) { continue }
            return base.hasSuffix(".sh") ? String(base.dropLast(3)) : base
        }
        return ""
    }
}
