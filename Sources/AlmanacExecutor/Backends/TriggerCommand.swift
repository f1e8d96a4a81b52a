import AlmanacJSON
import AlmanacPlan

/// What the exec backend runs for a trigger that brings its own command: `payload.command`, with
/// `payload.environment` and `payload.stdin` — what `almanac import crontab` writes for each line.
///
/// A string command is a shell line, run as cron runs one: `$SHELL -c LINE`, `SHELL` from the
/// trigger's environment, else `/bin/sh`. A list is the program and its arguments, run without a
/// shell (what `import k8s` writes). Standard input is `payload.stdin` (cron's `%` lines), else
/// empty, as cron gives a job without `%` nothing to read.
public struct TriggerCommand: Equatable, Sendable {
    /// The shell of a string command when the environment names none (cron's default).
    public static let defaultShell = "/bin/sh"

    public var arguments: [String]
    /// Set over the daemon's environment, before the `ALMANAC_*` variables.
    public var environment: [String: String]
    public var stdin: [UInt8]

    public init(arguments: [String], environment: [String: String] = [:], stdin: [UInt8] = []) {
        self.arguments = arguments
        self.environment = environment
        self.stdin = stdin
    }

    /// Why a trigger's payload does not say what to run, in words that follow the trigger's id.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var trigger: String
        public var reason: String

        public var description: String { "trigger \"\(trigger)\": \(reason)" }
    }

    /// The command of trigger `id`, or why its payload has none that can run.
    public static func of(_ trigger: PlanTrigger, id: String) -> Result<TriggerCommand, Problem> {
        func problem(_ reason: String) -> Result<TriggerCommand, Problem> { .failure(Problem(trigger: id, reason: reason)) }
        var environment: [String: String] = [:]
        switch trigger.payload["environment"] {
        case nil: break
        case .object(let variables)?:
            for name in variables.keys.sorted() {
                guard isVariableName(name) else {
                    return problem("payload.environment: '\(name)' is not a variable name (letters, digits and _, not first a digit)")
                }
                guard let value = variables[name]?.stringValue, !value.utf8.contains(0) else {
                    return problem("payload.environment.\(name) must be a string without NUL bytes; quote it in the spec")
                }
                environment[name] = value
            }
        case _?: return problem("payload.environment must be a mapping of variable names to strings")
        }
        var stdin: [UInt8] = []
        switch trigger.payload["stdin"] {
        case nil: break
        case .string(let text)?: stdin = Array(text.utf8)
        case _?: return problem("payload.stdin must be a string")
        }
        let arguments: [String]
        switch trigger.payload["command"] {
        case nil:
            return problem(
                "no payload.command; give the trigger a command in the spec, or one command for every trigger after `--`")
        case .string(let line)?:
            guard !line.allSatisfy(\.isWhitespace) else { return problem("payload.command is empty") }
            guard !line.utf8.contains(0) else { return problem("payload.command contains a NUL byte") }
            arguments = [environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultShell, "-c", line]
        case .array(let items)?:
            let words = items.compactMap(\.stringValue)
            guard words.count == items.count, let program = words.first, !program.isEmpty else {
                return problem("payload.command must be a shell line or a non-empty list of strings (the program and its arguments)")
            }
            guard !words.contains(where: { $0.utf8.contains(0) }) else { return problem("payload.command contains a NUL byte") }
            arguments = words
        case _?:
            return problem("payload.command must be a shell line or a non-empty list of strings (the program and its arguments)")
        }
        return .success(TriggerCommand(arguments: arguments, environment: environment, stdin: stdin))
    }

    /// Every trigger of `plan` whose payload cannot be run, in id order.
    public static func problems(in plan: Plan) -> [Problem] {
        plan.triggers.keys.sorted().compactMap { id in
            if case .failure(let problem) = of(plan.triggers[id]!, id: id) { return problem }
            return nil
        }
    }

    /// POSIX's portable names: `[A-Za-z_][A-Za-z0-9_]*`.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }
}

extension TriggerCommand {
    /// A plan error for the first of `problems` (`trigger "x": …`), at the line of the plan's text where
    /// that trigger is declared when `text` (the plan's first bytes) shows it; the others, when there
    /// are more, are named after it.
    public static func planError(_ problems: [Problem], text: [UInt8]) -> PlanError {
        guard let first = problems.first else { return PlanError("no problem") }
        var message = first.description
        if problems.count > 1 {
            message += "; also \(problems.dropFirst().map { "\"\($0.trigger)\"" }.joined(separator: ", "))"
        }
        return PlanError(message, line: declarationLine(of: first.trigger, in: text), column: 5)
    }

    /// The 1-based line of `"ID": {` in the `triggers` object of a plan written one trigger per line.
    static func declarationLine(of id: String, in text: [UInt8]) -> Int? {
        let key = Array(("    " + JSONWriter.quoted(id) + ": {").utf8)
        var line = 1, start = 0, inTriggers = false
        let triggers = Array("  \"triggers\": {".utf8)
        for index in 0...text.count {
            guard index == text.count || text[index] == 0x0A else { continue }
            let content = text[start..<index]
            if content.starts(with: triggers) {
                inTriggers = true
            } else if inTriggers && content.starts(with: key) {
                return line
            } else if inTriggers && content.starts(with: Array("  }".utf8)) {
                return nil
            }
            line += 1
            start = index + 1
        }
        return nil
    }
}
