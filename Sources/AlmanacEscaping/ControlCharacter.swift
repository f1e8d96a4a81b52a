/// A character some reader of Almanac's output acts on instead of showing: it ends a line (LF, CR,
/// and for YAML 1.1, Python and editors NEL, LS, PS), cuts a string (NUL), drives a terminal (C0,
/// DEL, C1), or reorders what a reviewer sees (bidirectional overrides and isolates). These are the
/// classes every escaping rule and the spec validator decide on, one by one.
public enum ControlCharacter: String, Hashable, Sendable, CaseIterable {
    case nul
    case tab
    case lineFeed
    case carriageReturn
    /// U+0001–U+001F other than tab, LF and CR (escape, bell, vertical tab, form feed, …).
    case otherC0
    case delete
    /// U+0085, a line break for YAML 1.1 readers and Python's `splitlines`.
    case nextLine
    /// U+0080–U+009F other than NEL (a terminal in 8-bit mode reads U+009B as CSI).
    case otherC1
    case lineSeparator
    case paragraphSeparator
    /// U+202A–U+202E and U+2066–U+2069: embeddings, overrides and isolates ("Trojan Source").
    case bidirectional

    /// The class of `scalar`, or nil for a character every reader shows as itself.
    public init?(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x00: self = .nul
        case 0x09: self = .tab
        case 0x0A: self = .lineFeed
        case 0x0D: self = .carriageReturn
        case 0x01...0x1F: self = .otherC0
        case 0x7F: self = .delete
        case 0x85: self = .nextLine
        case 0x80...0x9F: self = .otherC1
        case 0x2028: self = .lineSeparator
        case 0x2029: self = .paragraphSeparator
        case 0x202A...0x202E, 0x2066...0x2069: self = .bidirectional
        default: return nil
        }
    }

    /// Ends a line for some reader of text Almanac writes (cronie and systemd: LF; systemd, Swift and
    /// YAML: CR; YAML 1.1, Python and many editors: NEL, LS, PS).
    public var endsALine: Bool {
        switch self {
        case .lineFeed, .carriageReturn, .nextLine, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// How a message names the class: "a carriage return".
    public var name: String {
        switch self {
        case .nul: return "a NUL character"
        case .tab: return "a tab"
        case .lineFeed: return "a line break"
        case .carriageReturn: return "a carriage return"
        case .otherC0: return "a control character"
        case .delete: return "a DEL character"
        case .nextLine: return "a next-line character (NEL)"
        case .otherC1: return "a C1 control character"
        case .lineSeparator: return "a line separator"
        case .paragraphSeparator: return "a paragraph separator"
        case .bidirectional: return "a bidirectional override"
        }
    }

    /// `\u{1B}`: how Almanac shows any character it will not output as itself (in messages,
    /// terminals, comments, reports). Upper-case hex without leading zeros, as Swift writes it.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// A `ControlCharacter`, the byte order mark (U+FEFF: invisible, and not printable to YAML) or
    /// a noncharacter U+FFFE or U+FFFF (which XML 1.0 and YAML cannot hold): what the text formats
    /// escape or show visibly.
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacter(scalar) != nil || scalar.value == 0xFEFF || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// `U+000D`: the code point as a message names it.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The first character of `text` whose class is not in `allowed`: the character, its class
    /// and its offset in Unicode scalars.
    public static func first(
        in text: String, allowing allowed: Set<ControlCharacter> = []
    ) -> (scalar: Unicode.Scalar, kind: ControlCharacter, offset: Int)? {
        // Most text is printable ASCII: one pass over the bytes decides that without decoding.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if let kind = ControlCharacter(scalar), !allowed.contains(kind) { return (scalar, kind, offset) }
        }
        return nil
    }
}
