/// E01xx: the file and its YAML.
extension DiagnosticMessage {
    // MARK: E0101 yamlSyntax

    /// libyaml's `problem`, with a `hint` for its least helpful ones (may be empty).
    package static func yamlSyntax(_ problem: String, hint: String) -> DiagnosticMessage {
        .init(.yamlSyntax, "YAML syntax error: \(problem)\(hint)")
    }

    package static let yamlParserUnavailable = DiagnosticMessage(.yamlSyntax, "could not initialise the YAML parser")

    // MARK: E0102 invalidEncoding

    package static func notUTF8(_ problem: String, byte: Int) -> DiagnosticMessage {
        .init(
            .invalidEncoding,
            "the file is not valid UTF-8 text (\(problem) at byte \(byte)); save it as UTF-8 without control characters")
    }

    /// A text that starts with a UTF-16 byte order mark (`order`: "little-endian" or "big-endian"),
    /// as PowerShell 5's `Out-File` and `>` write.
    package static func utf16(_ order: String) -> DiagnosticMessage {
        .init(
            .invalidEncoding,
            "the file is UTF-16 text (\(order), by its byte order mark); save it as UTF-8, e.g. `iconv -f UTF-16 -t UTF-8`")
    }

    // MARK: E0103 fileTooLarge

    package static func fileTooLarge(limit: Int) -> DiagnosticMessage {
        .init(.fileTooLarge, "the file is larger than the limit of \(limit) bytes — split the spec into several files")
    }

    // MARK: E0104 nestingTooDeep

    package static func nestingTooDeep(limit: Int) -> DiagnosticMessage {
        .init(.nestingTooDeep, "nesting deeper than \(limit) levels; a spec never needs this much")
    }

    package static func nestingTooDeepThroughAlias(limit: Int, alias: String) -> DiagnosticMessage {
        .init(.nestingTooDeep, "nesting deeper than \(limit) levels through alias '*\(alias)'; a spec never needs this much")
    }

    // MARK: E0105 tooManyNodes

    package static func tooManyNodes(limit: Int) -> DiagnosticMessage {
        .init(.tooManyNodes, "the document has more than \(limit) nodes (aliases counted expanded); simplify it or split it")
    }

    // MARK: E0106 aliasLimit

    package static func tooManyAliases(limit: Int) -> DiagnosticMessage {
        .init(.aliasLimit, "more than \(limit) alias uses; write the values out or use `defaults:`")
    }

    // MARK: E0107 duplicateKey

    package static func duplicateKey(_ key: String) -> DiagnosticMessage {
        .init(.duplicateKey, "duplicate key '\(key)'; each key may appear once in a mapping")
    }

    // MARK: E0108 complexKey

    package static func complexKey(_ kind: String) -> DiagnosticMessage { .init(.complexKey, "a key must be a plain word, not \(kind)") }

    // MARK: E0109 multipleDocuments

    package static let multipleDocuments = DiagnosticMessage(
        .multipleDocuments, "a spec holds one YAML document; remove this `---` or move the rest to another file")

    // MARK: E0110 emptyDocument

    package static let emptyDocument = DiagnosticMessage(
        .emptyDocument, "the spec is empty; it needs at least `version: 1` and `triggers:`")

    // MARK: E0111 undefinedAlias

    package static func undefinedAlias(_ name: String) -> DiagnosticMessage {
        .init(.undefinedAlias, "alias '*\(name)' refers to no anchor defined before it")
    }

    // MARK: E0112 unsupportedTag

    package static func tagOnMapping(_ tag: String, on what: String) -> DiagnosticMessage {
        .init(.unsupportedTag, "tag '\(tag)' is not supported on \(what); remove it")
    }

    package static func tagOnValue(_ tag: String) -> DiagnosticMessage {
        .init(
            .unsupportedTag,
            "tag '\(tag)' is not supported; Almanac reads every value as the text written, so remove the tag (quote the value to keep it a string)"
        )
    }
}
