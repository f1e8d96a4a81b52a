import AlmanacEscaping

/// How a spec's names become Swift names: `morning-pill` → `morningPill`, `2fa` → `_2fa`,
/// `default` → `` `default` ``, `日本` → `日本`. Trigger ids are `[a-z0-9][a-z0-9._-]*`; payload keys
/// may be anything, and those with no letter or digit get no name (reported, never dropped silently).
enum SwiftName {
    /// The lowerCamelCase name, escaped where it is a keyword; nil when `text` has no letter or
    /// digit Swift accepts in an identifier.
    static func member(_ text: String) -> String? {
        let words = words(text)
        guard let first = words.first else { return nil }
        var name = lowerFirst(first) + words.dropFirst().map(upperFirst).joined()
        if let c = name.unicodeScalars.first, !isHead(c) { name = "_" + name }
        // ASCII names go through the escaping rules' own check; the others are made of `isCharacter`
        // scalars only, so they need no more than the keyword test (no keyword is non-ASCII).
        if name.unicodeScalars.allSatisfy(\.isASCII) { return SwiftText.identifier(name) }
        return name
    }

    /// UpperCamelCase, for type names: `team-reminders` → `TeamReminders`, `2fa` → `_2fa`.
    static func type(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        let name = words.map(upperFirst).joined()
        return name.unicodeScalars.first.map(isHead) == true ? name : "_" + name
    }

    /// The name without backticks, for comparing two names.
    static func bare(_ name: String) -> String { name.filter { $0 != "`" } }

    /// The runs of identifier characters in `text`; everything else separates words.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isCharacter(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    private static func lowerFirst(_ word: String) -> String {
        // A word that is all capitals (`URL`) is lowered whole; otherwise only its first letter.
        word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func upperFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// A scalar that may start an identifier: an ASCII letter, or a letter of the ranges The Swift
    /// Programming Language allows (Lexical Structure, identifier-head). Of those ranges only
    /// alphabetic scalars are taken: the grammar also admits zero-width joiners and bidirectional
    /// overrides (U+200B–U+200D, U+202A–U+202E), which would make names that read as others.
    static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard scalar.properties.isAlphabetic else { return false }
        return identifierHeadRanges.contains { $0.contains(scalar.value) }
    }

    /// A scalar that may continue an identifier: a head, an ASCII digit, or a non-ASCII digit of the
    /// head ranges. Underscores separate words, as hyphens and dots do.
    static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if ("0"..."9").contains(scalar) { return true }
        if isHead(scalar) { return true }
        return !scalar.isASCII && scalar.properties.numericType != nil && identifierHeadRanges.contains { $0.contains(scalar.value) }
    }

    /// The non-ASCII identifier-head ranges of Swift's grammar.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE,
        0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x02FF, 0x0370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
        0x1E00...0x1FFF, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD,
        0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// Members every generated trigger enum has; a case with one of these names would clash.
    static let enumMembers: Set<String> = ["allCases", "rawValue", "init", "hashValue", "hash", "description"]

    /// Members every generated payload struct has, besides its accessors.
    static let payloadMembers: Set<String> = ["init"]
}
