/// Text that has turned data into code or configuration in some format: one sample per class of
/// character (every control-character class, the separators and bidirectional controls, what each
/// format quotes or escapes), so a test of a writer runs them all and names the class that fails.
public enum HostileText {
    /// `(class, text)` pairs; each text also holds ordinary characters around the hostile ones.
    public static let samples: [(name: String, text: String)] = [
        ("plain", "Backup the database"),
        ("line feed", "Backup\n[Service]\nExecStartPre=/nonexistent/pwned"),
        ("carriage return", "Backup\r[Service]\rExecStartPre=/nonexistent/pwned"),
        ("CRLF", "one\r\ntwo"),
        ("NUL", "before\u{0}after"),
        ("tab", "a\tb"),
        ("escape sequence", "\u{1B}[31mred\u{07}\u{1B}]0;title\u{07}"),
        ("vertical tab and form feed", "a\u{0B}b\u{0C}c"),
        ("backspace", "abc\u{08}\u{08}\u{08}xyz"),
        ("DEL", "a\u{7F}b"),
        ("NEL", "x\u{85}pwned: {cron: \"* * * * *\"}"),
        ("C1 CSI", "a\u{9B}31mb"),
        ("line separator", "a\u{2028}pwned: 1"),
        ("paragraph separator", "a\u{2029}pwned: 1"),
        ("bidi override", "access\u{202E}\u{2066}level\u{2069}\u{202C}"),
        ("bidi isolates", "\u{2067}abc\u{2069}"),
        ("byte order mark", "a\u{FEFF}b"),
        ("noncharacters", "a\u{FFFE}b\u{FFFF}c"),
        ("percent", "100% done %n %% %i"),
        ("dollar", "echo $HOME ${PATH} $$"),
        ("quotes", #"say "hi" and 'bye'"#),
        ("backslashes", #"C:\path\ and \n \x41 \\ trailing\"#),
        ("backslash before percent", #"a\%b\\%c"#),
        ("comment markers", "# not a comment */ /* // -->"),
        ("YAML indicators", "- &a *b !t |x >y {z} [w] @v `u` : k ? q , % ' \""),
        ("semicolons", "a ; b ; c"),
        ("markup", "<script>alert('x')</script> & </title>"),
        ("Swift interpolation", #"\(injected) "# + "\" + injected + \""),
        ("Swift keywords", "default self in class Type"),
        ("leading dash", "-rf /"),
        ("emoji and combining", "🙂 e\u{301} 日本"),
        ("long", String(repeating: "abcdefghij", count: 30)),
    ]

    /// Every scalar of each control-character class's range, for exhaustive checks: C0, DEL, C1,
    /// the line and paragraph separators and the bidirectional controls.
    public static let controlScalars: [Unicode.Scalar] =
        (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) } + [Unicode.Scalar(UInt8(0x7F))]
        + (0x80...0x9F).map { Unicode.Scalar(UInt8($0)) }
        + [0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].map { Unicode.Scalar($0)! }
}
