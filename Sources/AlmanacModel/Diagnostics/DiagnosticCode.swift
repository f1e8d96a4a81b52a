/// The stable code of every diagnostic Almanac emits. Codes never change meaning once released;
/// `docs/diagnostics.md` lists them. E = error, W = warning.
public enum DiagnosticCode: String, Sendable, CaseIterable, Hashable {
    // MARK: E01xx — the file and its YAML
    case yamlSyntax = "E0101"
    case invalidEncoding = "E0102"
    case fileTooLarge = "E0103"
    case nestingTooDeep = "E0104"
    case tooManyNodes = "E0105"
    case aliasLimit = "E0106"
    case duplicateKey = "E0107"
    case complexKey = "E0108"
    case multipleDocuments = "E0109"
    case emptyDocument = "E0110"
    case undefinedAlias = "E0111"
    case unsupportedTag = "E0112"

    // MARK: E02xx — structure and value syntax
    case wrongType = "E0200"
    case unknownKey = "E0201"
    case missingKey = "E0202"
    case unknownWeekday = "E0203"
    case unknownMonth = "E0204"
    case invalidTime = "E0205"
    case invalidDate = "E0206"
    case invalidDateTime = "E0207"
    case invalidDuration = "E0208"
    case invalidNumber = "E0209"
    case invalidBoolean = "E0210"
    case outOfRange = "E0211"
    case invalidChoice = "E0212"
    case unknownTimeZone = "E0213"
    case invalidTriggerID = "E0214"
    case triggerKind = "E0215"
    case unsupportedVersion = "E0216"
    case invalidName = "E0217"
    case conflictingKeys = "E0218"
    case invalidCoordinate = "E0219"
    case emptyList = "E0220"
    case invalidOrdinal = "E0221"
    case keyNotAllowed = "E0222"
    case duplicateValue = "W0223"
    case fixedOffsetZone = "W0224"
    // W025x: what runs a spec (`runs_on`)
    case phoneCeiling = "W0250"

    // MARK: E023x — characters a field cannot hold, and values a format cannot hold
    case controlCharacter = "E0230"
    case exportUnwritable = "E0231"
    case invalidEnvironmentName = "E0232"

    // MARK: E026x — declared payload shapes (`payloads:`)
    case payloadTypeUnknown = "E0260"
    case payloadValueType = "E0261"

    // MARK: E03xx — references and meaning
    case unknownBlackout = "E0301"
    case unknownRegion = "E0302"
    case countNeedsStart = "E0303"
    case endBeforeStart = "E0304"
    case missingTimeZone = "E0305"
    case neverFires = "E0306"
    case startRequired = "E0307"
    case emptyWindow = "E0308"
    case reversedRange = "E0309"
    // W0310 (an `every` under 60 s) is retired: plans register concrete dates, never repeating
    // interval triggers, so no phone limit applies. The code is not reused.
    case unusedDefinition = "W0311"
    case wholeDaysDrift = "W0312"

    // MARK: E04xx — cron expressions
    case cronFieldCount = "E0401"
    case cronOutOfRange = "E0402"
    case cronSyntax = "E0403"
    case cronUnknownName = "E0404"
    case cronInvalidStep = "E0405"
    case cronReversedRange = "E0406"
    case cronUnknownMacro = "E0407"

    // MARK: E05xx — RRULE strings
    case rruleUnknownPart = "E0501"
    case rruleInvalidValue = "E0502"
    case rruleDuplicatePart = "E0503"
    case rruleMissingFreq = "E0504"
    case rruleCountAndUntil = "E0505"
    case rruleSetPosAlone = "E0506"
    case rrulePartNotAllowed = "E0507"
    case rruleUntilForm = "E0508"
    case rruleSyntax = "E0509"
    case rruleRarelyFires = "W0510"

    // MARK: E06xx — compiling a window
    case maxFiresExceeded = "E0601"
    case noFireInWindow = "W0602"
    case dstAffected = "W0603"
    case regionBudget = "W0604"
    case pendingBudget = "W0605"
    case windowOutOfRange = "E0606"
    // MARK: E062x/W062x — phones and the code an app is built with
    case payloadKeyUndeclared = "W0620"
    case payloadShapeMissing = "W0621"
    case generatedTypeNameCollision = "E0620"
    case payloadAccessorUnavailable = "E0621"

    // MARK: E07xx — expectation files (`almanac test`)
    case expectUnknownTrigger = "E0701"
    case expectUnknownDay = "E0702"
    case expectAssertionForm = "E0703"
    case expectWindow = "E0704"
    case expectUnlistedFires = "E0710"
    case expectMissingFire = "E0711"
    case expectFiresOnExcludedDay = "E0712"
    case expectTooManyPerDay = "E0713"
    case expectFiresInQuietHours = "E0714"
    case expectFiresTooClose = "E0715"
    case expectCountDiffers = "E0716"

    // MARK: E08xx — generating code from a spec
    case generatedNameCollision = "E0801"

    // MARK: E090x — exporting to other schedulers (`almanac export`)
    case exportLoss = "E0901"
    case exportRefused = "E0902"
    case exportMissingInput = "E0903"
    // MARK: E091x — importing crontabs, systemd timers, Kubernetes CronJobs and iCalendar
    case importSyntax = "E0911"
    case importUnsupported = "E0912"
    case importNeedsZone = "E0913"
    // MARK: E092x — importing: zone definitions, engine-specific readings, warnings
    case importZoneDefinition = "E0920"
    case importEndBeforeStart = "W0921"
    case importUntilBeforeStart = "W0922"
    case importEngineLoses = "W0923"
    case importZoneReadFloating = "W0924"
    // MARK: E016x — sizes an importer refuses before it builds anything
    case importTooLarge = "E0160"

    public var defaultSeverity: Severity {
        rawValue.hasPrefix("W") ? .warning : .error
    }
}
