/// SGR colour codes on a terminal, the one way the diagnostics and the diff renderers paint text.
public enum TerminalStyle {
    /// `text` wrapped in `ESC[codem … ESC[0m` when `enabled`, else unchanged.
    public static func paint(_ text: String, _ code: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
