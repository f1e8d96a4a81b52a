/// E04xx: cron expressions.
extension DiagnosticMessage {
    // MARK: E0401 cronFieldCount

    package static let cronEmpty = DiagnosticMessage(
        .cronFieldCount, "empty cron expression; write 5 fields (minute hour day-of-month month day-of-week) or a macro such as '@daily'")

    package static func cronMacroNotAlone(_ macro: String) -> DiagnosticMessage {
        .init(.cronFieldCount, "a macro stands alone; remove what follows '\(macro)'")
    }

    /// `usage` names the five fields; `why` explains a likely mistake (may be empty).
    package static func cronFieldCount(usage: String, found: Int, why: String = "") -> DiagnosticMessage {
        .init(.cronFieldCount, "expected 5 fields (\(usage)), found \(found)\(why)")
    }

    /// A seconds-first (Quartz, Spring) expression of `count` fields, with its 5-field rewrites when
    /// there are some (`spring` numbers weekdays as cron does, `quartz` from 1 = Sunday), the
    /// seconds field's text and the year field's (7 fields).
    package static func cronQuartzFields(
        usage: String, count: Int, spring: String?, quartz: String?, seconds: String, year: String?
    ) -> DiagnosticMessage {
        let form = count == 7 ? "seconds and year fields (the Quartz form)" : "a seconds field first (the Quartz form)"
        var text = "expected 5 fields (\(usage)), found \(count): \(form); Almanac's cron fires on whole minutes"
        if let spring, let quartz, spring != quartz {
            text += "; write '\(spring)' if the weekday numbers are Spring's (1 = Monday) or '\(quartz)' if they are Quartz's (1 = Sunday)"
        } else if let rewrite = spring ?? quartz {
            text += "; write '\(rewrite)'"
        } else {
            text += "; remove the seconds field" + (count == 7 ? " and the year" : "")
        }
        if spring != nil || quartz != nil {
            if seconds != "0" { text += " (at second 0; for other seconds use `calendar` with `seconds`)" }
            if let year, year != "*" && year != "?" { text += ", and bound the years with `start` and `end`" }
        }
        return .init(.cronFieldCount, text)
    }

    // MARK: E0402 cronOutOfRange

    package static func cronOutOfRange(field: String, value: String, low: Int, high: Int) -> DiagnosticMessage {
        .init(.cronOutOfRange, "\(field) \(value) is out of range \(low)–\(high)")
    }

    // MARK: E0403 cronSyntax

    package static func cronEmptyListElement(field: String) -> DiagnosticMessage {
        .init(.cronSyntax, "empty list element in the \(field) field")
    }

    package static func cronExpectedNumber(field: String) -> DiagnosticMessage {
        .init(.cronSyntax, "expected a number in the \(field) field")
    }

    package static func cronUnexpected(_ text: String, field: String, allowed: String) -> DiagnosticMessage {
        .init(.cronSyntax, "unexpected '\(text)' in the \(field) field; expected \(allowed)")
    }

    package static let cronQuestionMark = DiagnosticMessage(.cronSyntax, "'?' is Quartz syntax, not Debian cron; write '*'")
    package static let cronHash = DiagnosticMessage(
        .cronSyntax, "'#' (n-th weekday) is not Debian cron; use a calendar trigger with weekdays such as '2tue'")
    package static let cronLast = DiagnosticMessage(
        .cronSyntax, "'L' (last) is not Debian cron; use a calendar trigger with days: [-1] or weekdays such as '-1fri'")
    package static let cronNearestWeekday = DiagnosticMessage(.cronSyntax, "'W' (nearest weekday) is not Debian cron")

    package static func cronRandom(_ text: String, low: String, high: String, field: String) -> DiagnosticMessage {
        .init(
            .cronSyntax,
            "'\(text)' is cronie's random value: cronie picks one \(field) from \(low) to \(high) each time it loads the crontab, which no file says; write that one value, or a fixed one with `jitter:` to spread runs"
        )
    }

    // MARK: E0404 cronUnknownName

    /// `hint` is a suggestion ("; did you mean …"), else empty and the names are listed.
    package static func cronUnknownName(field: String, _ text: String, names: [String], hint: String) -> DiagnosticMessage {
        .init(
            .cronUnknownName, "unknown \(field) name '\(text)'\(hint.isEmpty ? "; write \(names.first!)…\(names.last!) or a number" : hint)"
        )
    }

    // MARK: E0405 cronInvalidStep

    package static func cronStepNeedsRange(fixed: String) -> DiagnosticMessage {
        .init(.cronInvalidStep, "a step needs a range or '*' in Debian cron; write '\(fixed)'")
    }

    package static func cronStepMissing(field: String) -> DiagnosticMessage {
        .init(.cronInvalidStep, "expected a step number after '/' in the \(field) field, e.g. '*/15'")
    }

    package static let cronStepZero = DiagnosticMessage(.cronInvalidStep, "a step of 0 never advances; use 1 or more")

    // MARK: E0406 cronReversedRange

    package static func cronReversedRange(_ range: String, low: String, high: String) -> DiagnosticMessage {
        .init(.cronReversedRange, "the range '\(range)' runs backwards; cron ranges go from low to high, e.g. '\(low)-\(high)'")
    }

    // MARK: E0407 cronUnknownMacro

    package static let cronReboot = DiagnosticMessage(
        .cronUnknownMacro, "'@reboot' runs when a machine starts, an event rather than a schedule; Almanac cannot plan it")

    package static func cronUnknownMacro(_ macro: String, hint: String) -> DiagnosticMessage {
        .init(.cronUnknownMacro, "unknown cron macro '\(macro)'\(hint)")
    }

    // MARK: E0306 neverFires (cron)

    package static func cronDayNeverInMonth(day: String, month: String) -> DiagnosticMessage {
        .init(.neverFires, "day of month '\(day)' never occurs in month '\(month)'; this expression never fires")
    }
}
