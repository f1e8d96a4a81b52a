/// Text for a terminal or a CI log: every control character, line break and bidirectional
/// control written visibly (`\u{1B}`, `\u{D}`, `\u{202E}`), so a name can neither move the cursor,
/// recolour, retitle the window, hide text nor fake a line. The executables print names from specs,
/// plans, journals and the shared store through this; the caller adds its own line breaks.
public enum TerminalText {
    /// `scalar` as `\u{…}` when a terminal would act on it (any `ControlCharacter`, tab included),
    /// nil when it shows as itself.
    public static func visible(_ scalar: Unicode.Scalar) -> String? {
        ControlCharacter(scalar) == nil ? nil : ControlCharacter.visible(scalar)
    }

    /// `text` with every character `visible(_:)` escapes written visibly.
    public static func visible(_ text: String) -> String {
        guard ControlCharacter.first(in: text) != nil else { return text }
        return ScalarMap.apply(text, visible)
    }
}
