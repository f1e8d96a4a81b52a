import AlmanacEscaping
import AlmanacModel

/// A job's standard input, environment and user from a trigger's payload (`stdin`, a string;
/// `environment`, an object of strings; `user`, a string — what `almanac import crontab` writes), in
/// the forms cronie, systemd and Kubernetes take, or what they cannot carry.
struct JobPayload {
    var stdin: String?
    /// The user a system crontab's line runs as.
    var user: String?
    /// Sorted by name.
    var environment: [(name: String, value: String)]
    /// Payload values that are not the expected type: reported, not guessed.
    var malformed: [String]

    init(_ trigger: Trigger) {
        malformed = []
        switch trigger.payload["stdin"] {
        case .string(let s)?: stdin = s
        case nil: stdin = nil
        default:
            stdin = nil
            malformed.append("stdin")
        }
        switch trigger.payload["user"] {
        case .string(let s)?: user = s
        case nil: user = nil
        default:
            user = nil
            malformed.append("user")
        }
        environment = []
        switch trigger.payload["environment"] {
        case .object(let o)?:
            for (name, value) in o.sorted(by: { $0.key < $1.key }) {
                if case .string(let s) = value { environment.append((name, s)) } else { malformed.append("environment.\(name)") }
            }
        case nil: break
        default: malformed.append("environment")
        }
    }

    // MARK: cronie

    /// The command's tail that gives cronie's job this standard input: `%` then the text with each
    /// newline a `%` and each `%` escaped (`do_command.c`), or why it cannot: cronie ends non-empty
    /// input with a newline, cuts a line at NUL, and reads `\` before a newline's `%` as an escape;
    /// other control and bidirectional characters are refused as in a command (`CrontabText`).
    static func cronStdin(_ text: String) -> Result<String, ExportClock.Refusal> {
        if text.isEmpty { return .success("%") }
        guard text.hasSuffix("\n") else {
            return .failure(.init(what: "standard input that does not end with a newline (cronie adds one)"))
        }
        guard !text.contains("\u{0}") else { return .failure(.init(what: "standard input with a NUL byte (cronie ends the line there)")) }
        if let (scalar, kind, offset) = ControlCharacter.first(in: text, allowing: [.tab, .lineFeed]) {
            return .failure(
                .init(
                    what:
                        "standard input with \(kind.name) (\(ControlCharacter.codePoint(scalar))) at character \(offset + 1), which a crontab line cannot hold as itself"
                ))
        }
        guard !text.contains("\\\n") else {
            return .failure(.init(what: "standard input with a backslash before a newline (cronie reads `\\%` as `%`)"))
        }
        var out = "%"
        for c in text.unicodeScalars {
            switch c {
            case "\n": out += "%"
            case "%": out += "\\%"
            default: out.unicodeScalars.append(c)
            }
        }
        return .success(out)
    }

    /// A crontab assignment line (`CrontabText.environment`: `NAME="value"`, as cron's `load_env`
    /// reads it back unchanged), or why none can say it.
    static func cronAssignment(_ name: String, _ value: String) -> Result<String, ExportClock.Refusal> {
        guard EnvironmentName.isPortable(name) else {
            return .failure(
                .init(what: "the environment variable name '\(TerminalText.visible(name))', which a crontab line cannot assign"))
        }
        do {
            return .success(try CrontabText.environment(name: name, value: value))
        } catch {
            return .failure(.init(what: "the environment variable \(name), whose value holds \(error.what) (\(error.why))"))
        }
    }

    // MARK: systemd

    /// `Environment="NAME=value"` (`SystemdUnitText.environment`: quoted and escaped as systemd's
    /// parser reads it back), or why systemd cannot carry it (names of letters, digits, `_`; NUL).
    static func systemdEnvironment(_ name: String, _ value: String) -> Result<String, ExportClock.Refusal> {
        guard EnvironmentName.isPortable(name) else {
            return .failure(.init(what: "the environment variable name '\(TerminalText.visible(name))', which systemd refuses"))
        }
        do {
            return .success("Environment=" + (try SystemdUnitText.environment(name: name, value: value)))
        } catch {
            return .failure(.init(what: "the environment variable \(name), whose value holds \(error.what) (\(error.why))"))
        }
    }

    /// `User=name`, when the name is one systemd takes (letters, digits, `_`, `.`, `-`, not starting
    /// with a digit or `-`).
    static func systemdUser(_ name: String) -> Result<String, ExportClock.Refusal> {
        guard let first = name.unicodeScalars.first, first != "-", !("0"..."9").contains(first), name.unicodeScalars.count <= 31,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0))
            })
        else { return .failure(.init(what: "the user '\(TerminalText.visible(name))', which systemd does not take as a user name")) }
        return .success("User=\(name)")
    }

    /// `StandardInputData=` lines: the bytes in Base64 (no escapes, no specifiers, no newline added),
    /// 76 characters a line.
    static func systemdStdin(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let encoded = Base64.encode(Array(text.utf8))
        var lines: [String] = []
        var rest = Substring(encoded)
        while !rest.isEmpty {
            lines.append("StandardInputData=" + rest.prefix(76))
            rest = rest.dropFirst(76)
        }
        return lines
    }

    // MARK: Kubernetes

    /// A container's `env:` entry as a YAML flow mapping, when Kubernetes takes the name (letters,
    /// digits, `_`, `-`, `.`, not starting with a digit: the API server's rule before 1.34).
    static func kubernetesEnvironment(_ name: String, _ value: String) -> Result<String, ExportClock.Refusal> {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0))
            })
        else { return .failure(.init(what: "the environment variable name '\(TerminalText.visible(name))', which the API server refuses")) }
        do throws(UnwritableText) {
            try ProcessArgument.check(value)
        } catch {
            return .failure(.init(what: "the environment variable \(name), whose value holds \(error.what) (\(error.why))"))
        }
        return .success("{name: \(YAMLText.doubleQuoted(name)), value: \(YAMLText.doubleQuoted(value))}")
    }
}

/// RFC 4648 Base64 with padding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : "=")
            out.append(n > 2 ? alphabet[Int(v & 63)] : "=")
            i += 3
        }
        return String(out)
    }
}
