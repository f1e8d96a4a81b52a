/// E02xx: the spec's structure and its values' syntax, as the YAML front end reads them.
/// `what` is the place in words, keys in backquotes (`` `priority` ``, `` trigger 'backup' ``).
extension DiagnosticMessage {
    // MARK: E0200 wrongType

    package static func notAMapping(_ what: String, found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "\(what) must be a mapping of keys to values, not \(kind)")
    }

    package static func notASingleValue(_ what: String, found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "\(what) must be a single value, not \(kind)")
    }

    package static func notAList(_ what: String, found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "\(what) must be a list, not \(kind)")
    }

    package static func itemNotASingleValue(_ what: String, found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "each item of \(what) must be a single value, not \(kind)")
    }

    package static func dateItemWrongType(_ what: String, namesAllowed: Bool, found kind: String) -> DiagnosticMessage {
        .init(
            .wrongType, "each item of \(what) must be a date, a {from, to} range\(namesAllowed ? " or a blackout name" : ""), not \(kind)")
    }

    package static func payloadNotAMapping(found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "`payload` must be a mapping (it is sent to executors as a JSON object), not \(kind)")
    }

    /// `fix` shows the mapping to write.
    package static func dstNotAMapping(fix: String) -> DiagnosticMessage {
        .init(.wrongType, "`dst` is a mapping with `gap` and `overlap`\(fix)")
    }

    package static let betweenForm = DiagnosticMessage(.wrongType, "`between` must be a list of two times, like [\"08:00\", \"20:00\"]")

    package static func sectionNotAMapping(_ section: String, of what: String, found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "`\(section)` must map names to \(what), not \(kind)")
    }

    package static func triggersNotAMapping(found kind: String) -> DiagnosticMessage {
        .init(.wrongType, "`triggers` must map trigger ids to triggers, not \(kind)")
    }

    package static func locationNotAMapping(region: String) -> DiagnosticMessage {
        .init(.wrongType, "`location` is a mapping; write `location: {region: \(region)}`")
    }

    // MARK: E0201 unknownKey

    /// `hint` is a did-you-mean (may be empty).
    package static func unknownKey(_ key: String, in what: String, hint: String) -> DiagnosticMessage {
        .init(.unknownKey, "unknown key '\(key)' in \(what)\(hint)")
    }

    // MARK: E0202 missingKey

    package static func keysMissing(_ what: String, _ keys: [String]) -> DiagnosticMessage {
        .init(.missingKey, "\(what) is missing \(keys.map { "`\($0)`" }.joined(separator: ", "))")
    }

    package static let versionMissing = DiagnosticMessage(.missingKey, "missing `version: 1` at the top of the spec")
    package static let triggersMissing = DiagnosticMessage(.missingKey, "missing `triggers:`; a spec needs at least one trigger")
    package static let duringNeedsAPart = DiagnosticMessage(.missingKey, "`during` needs `weekdays`, `between`, or both")
    package static let dateRangeNeedsBoth = DiagnosticMessage(.missingKey, "a date range needs both `from` and `to`")
    package static let locationNeedsRegion = DiagnosticMessage(
        .missingKey, "`location` needs `region`: a name from `regions:` or {latitude, longitude, radius}")

    // MARK: E0207 invalidDateTime (spec)

    package static func onceNeedsTime(example: String) -> DiagnosticMessage {
        .init(.invalidDateTime, "`once` needs a time as well as a date, like \(example)T09:00")
    }

    package static func localDateTimeItems(_ key: String) -> DiagnosticMessage {
        .init(.invalidDateTime, "`\(key)` items are local date-times in the trigger's zone, without an offset")
    }

    // MARK: E0209 invalidNumber

    package static func notAWholeNumber(_ what: String, _ text: String) -> DiagnosticMessage {
        .init(.invalidNumber, "\(what) must be a whole number, not '\(text)'")
    }

    package static func notADecimalNumber(_ what: String, _ text: String) -> DiagnosticMessage {
        .init(.invalidNumber, "\(what) must be a decimal number like 40.7484, not '\(text)'")
    }

    /// A calendar list item: `key` takes whole numbers; `fix` shows the list to write (may be empty).
    package static func wholeNumbersOnly(_ key: String, _ text: String, fix: String) -> DiagnosticMessage {
        .init(.invalidNumber, "`\(key)` takes whole numbers, not '\(text)'\(fix)")
    }

    // MARK: E0210 invalidBoolean

    package static func notABoolean(_ what: String, _ text: String, hint: String) -> DiagnosticMessage {
        .init(.invalidBoolean, "\(what) must be true or false, not '\(text)'\(hint)")
    }

    // MARK: E0211 outOfRange (spec)

    /// A calendar field's number; `negative` adds the from-the-end form (may be empty).
    package static func calendarValueOutOfRange(_ field: String, _ value: Int, _ range: ClosedRange<Int>, negative: String)
        -> DiagnosticMessage
    {
        .init(.outOfRange, "\(field) \(value) is out of range; use \(range.lowerBound)…\(range.upperBound)\(negative)")
    }

    // MARK: E0212 invalidChoice

    /// `hint` is a did-you-mean or the choices.
    package static func invalidChoice(_ what: String, _ text: String, hint: String) -> DiagnosticMessage {
        .init(.invalidChoice, "invalid \(what) '\(text)'; \(hint)")
    }

    // MARK: E0215 triggerKind

    package static func triggerEmpty(_ what: String, kinds: [String]) -> DiagnosticMessage {
        .init(.triggerKind, "\(what) is empty; give it one of " + kinds.map { "`\($0)`" }.joined(separator: ", ") + ", or remove it")
    }

    package static func triggerWithoutKind(_ what: String, kinds: [String]) -> DiagnosticMessage {
        .init(.triggerKind, "\(what) has no kind; add exactly one of " + kinds.map { "`\($0)`" }.joined(separator: ", "))
    }

    package static func triggerTwoKinds(_ what: String, _ kind: String, _ other: String) -> DiagnosticMessage {
        .init(.triggerKind, "\(what) has both `\(kind)` and `\(other)`; a trigger has exactly one kind — split it into two triggers")
    }

    // MARK: E0216 unsupportedVersion (spec)

    package static func versionNotOne(_ text: String) -> DiagnosticMessage {
        .init(.unsupportedVersion, "`version` must be 1, not '\(text)'")
    }

    // MARK: E0218 conflictingKeys

    package static func timesTwice(_ other: String) -> DiagnosticMessage {
        .init(.conflictingKeys, "`at` and `\(other)` both give times of day; use one or the other")
    }

    // MARK: E0220 emptyList (spec)

    package static func listEmpty(_ what: String) -> DiagnosticMessage {
        .init(.emptyList, "\(what) is an empty list; remove the key or give at least one value")
    }

    // MARK: E0222 keyNotAllowed

    package static func keyOfAnotherKind(_ key: String, owner: String, kind: String) -> DiagnosticMessage {
        .init(.keyNotAllowed, "`\(key)` belongs to `\(owner)` triggers, not `\(kind)`")
    }

    package static func keyNotInherited(_ key: String) -> DiagnosticMessage {
        .init(
            .keyNotAllowed,
            "`\(key)` cannot be inherited: `defaults` holds only the fields every trigger shares; write `\(key)` in each trigger")
    }

    // MARK: W0223 duplicateValue (lists)

    /// `names` are quoted already; `plural` when several.
    package static func listedTwice(_ what: String, names: String, plural: Bool) -> DiagnosticMessage {
        .init(.duplicateValue, plural ? "\(what)s \(names) are listed twice" : "\(what) \(names) is listed twice")
    }
}
