import AlmanacEscaping

/// Characters a field cannot hold, and values a format cannot hold: E0230, E0231, E0232.
extension DiagnosticMessage {
    // MARK: E0230 controlCharacter

    /// `scalar` (of class `kind`) at `offset` (Unicode scalars, from 0) of `field`. `key` names
    /// the payload key, or the environment variable, the value belongs to; `argument` the position
    /// of a command's argument (from 0).
    package static func controlCharacter(
        in field: TextField, key: String = "", argument: Int = 0, _ scalar: Unicode.Scalar, kind: ControlCharacter, offset: Int
    ) -> DiagnosticMessage {
        let shownKey = TerminalText.visible(key)
        let what: String
        let why: String
        switch field {
        case .scheduleName:
            what = "`name`"
            why = "a spec's name is one line in unit files, comments, generated Swift and terminals"
        case .payloadKey:
            what = "payload key '\(shownKey)'"
            why = "payload keys become YAML keys, Swift names and comments"
        case .command:
            what = "`payload.command`"
            why = "a command is one line of a crontab or a unit file; only tabs are kept"
        case .commandArgument:
            what = "argument \(argument + 1) of `payload.command`"
            why = "an argument may hold tabs and line breaks, no other control character"
        case .environmentValue:
            what = "`payload.environment.\(shownKey)`"
            why = "an environment value is one line of a crontab or a unit file; only tabs are kept"
        case .displayText:
            what = "`payload.\(shownKey)`"
            why = "text people read may hold tabs and line breaks, no other control character"
        }
        let instead: String
        switch kind {
        case .bidirectional: instead = "remove it: it reorders what a reader sees, so the text shown is not the text used"
        case .lineFeed where field == .command: instead = "write the command on one line, or put the lines in a script and run that"
        case .lineFeed, .carriageReturn, .nextLine, .lineSeparator, .paragraphSeparator: instead = "write it on one line"
        default: instead = "remove it"
        }
        return .init(
            .controlCharacter,
            "\(what) holds \(kind.name) (\(ControlCharacter.codePoint(scalar))) at character \(offset + 1); \(why): \(instead)")
    }

    // MARK: E0231 exportUnwritable

    /// `problem` says which character (or what) and why `format` cannot hold it; `field` is what
    /// holds it (`its command`, `the environment variable HOME`).
    package static func exportUnwritable(_ id: String, format: String, field: String, _ problem: UnwritableText) -> DiagnosticMessage {
        .init(
            .exportUnwritable,
            "'\(id)': \(field) holds \(problem.what), and \(format) cannot hold it (\(problem.why)); nothing is written for this trigger: change the value, or export to another format"
        )
    }

    // MARK: E0232 invalidEnvironmentName

    package static func environmentNameInvalid(_ name: String) -> DiagnosticMessage {
        .init(
            .invalidEnvironmentName,
            "environment variable name '\(TerminalText.visible(name))' must be letters, digits and '_', not starting with a digit: systemd ignores any other name and shells cannot expand it"
        )
    }
}
