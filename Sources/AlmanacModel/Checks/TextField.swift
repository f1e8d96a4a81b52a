import AlmanacEscaping

/// The text fields of a spec that reach files other tools parse, and the control characters each
/// accepts (docs/spec.md, "Characters"): one table, applied by the YAML front end with the place of
/// each character and by `Schedule.validate()` to a schedule built in code. Escaping on output
/// covers whatever a field accepts; refusing here keeps what no format can show faithfully, or what
/// would make a reviewer read something other than what runs, out of specs altogether.
package enum TextField: Hashable, Sendable, CaseIterable {
    /// The schedule's `name`: one line in unit files, comments, generated Swift and terminals.
    case scheduleName
    /// A key of `payload`: YAML keys, Swift accessors and their comments, environment-like places.
    case payloadKey
    /// `payload.command` as a string: one shell command line (crontab and unit files are line based).
    case command
    /// An item of `payload.command` as a list: one argument, handed to the program as it is.
    case commandArgument
    /// A value of `payload.environment`: one line in a crontab or a unit file.
    case environmentValue
    /// `payload.title` and `payload.body`: text people read (notifications, calendars), line
    /// breaks included; exporters escape them.
    case displayText

    /// The control characters the field accepts; every other `ControlCharacter` is refused.
    package var accepts: Set<ControlCharacter> {
        switch self {
        case .scheduleName, .payloadKey: return []
        case .command, .environmentValue: return [.tab]
        case .commandArgument, .displayText: return [.tab, .lineFeed]
        }
    }

    /// The payload keys whose string values are checked, and as which field.
    package static func payloadValue(_ key: String) -> TextField? {
        switch key {
        case "command": return .command
        case "title", "body": return .displayText
        default: return nil
        }
    }

    /// The first character of `text` the field refuses, with its offset in Unicode scalars.
    package func refused(in text: String) -> (scalar: Unicode.Scalar, kind: ControlCharacter, offset: Int)? {
        ControlCharacter.first(in: text, allowing: accepts)
    }
}
