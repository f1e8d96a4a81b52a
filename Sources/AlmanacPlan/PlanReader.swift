import AlmanacJSON
import AlmanacTime

/// Reads plan files (format v1) strictly: bytes → `Plan`, or a `PlanError` saying what is wrong and where.
///
/// Rejects newer formats, malformed JSON, unknown, missing and ill-typed fields, fires out of plan order
/// or outside the window, and references to triggers the plan does not declare. Fires are parsed
/// straight from the bytes, without a `JSONValue` per fire, so large plans read quickly.
public enum PlanReader {
    /// The plan in `bytes`.
    public static func read(_ bytes: [UInt8]) throws -> Plan {
        do {
            return try JSONScanner.scan(bytes, maxDepth: PlanFormatLimits.maxNesting) { scanner in
                var document = PlanDocument()
                try document.read(&scanner)
                return try document.plan(scanner)
            }
        } catch let error as JSONReadError {
            throw PlanError(error)
        }
    }

    /// The plan in the file at `path`.
    public static func read(contentsOfFile path: String) throws -> Plan {
        try read(FileBytes.read(path))
    }
}

/// The top-level members of a plan as they are met, checked once the whole object has been read
/// (so a newer `plan` version is reported before any field it may have changed).
struct PlanDocument {
    var version: (value: JSONValue, offset: Int)?
    var sections: [String: (value: JSONValue, offset: Int)] = [:]
    var fires: [Fire]?
    /// Where `fires` starts when it came before `plan` and must wait for the version check.
    var deferredFires: Int?
    var firstUnknownKey: (key: String, offset: Int)?

    static let sectionKeys: Set<String> = ["spec", "window", "tzdata", "limits", "triggers", "regions"]

    mutating func read(_ scanner: inout JSONScanner) throws {
        guard scanner.peek() == 0x7B else { throw scanner.unexpected("a plan object '{'") }
        try scanner.readObject(depth: 0) { scanner, key in
            scanner.skipWhitespace()
            let offset = scanner.position
            switch key {
            case "plan":
                version = (try scanner.readValue(depth: 1), offset)
                try checkVersion(scanner)
            case "fires":
                if version != nil {
                    var fireReader = PlanFireReader(scanner: scanner)
                    fires = try fireReader.readFires(&scanner)
                } else {
                    deferredFires = offset
                    try scanner.skipValue(depth: 1)
                }
            case _ where PlanDocument.sectionKeys.contains(key):
                sections[key] = (try scanner.readValue(depth: 1), offset)
            default:
                if firstUnknownKey == nil { firstUnknownKey = (key, scanner.memberKeyOffset) }
                try scanner.skipValue(depth: 1)
            }
        }
        try scanner.expectEnd()
    }

    /// Fails unless the version is 1, naming a newer one as such.
    func checkVersion(_ scanner: JSONScanner) throws {
        guard let version else { throw PlanError("missing field \"plan\" (the plan format version); is this a plan file?") }
        guard let number = version.value.intValue, number >= 1 else {
            throw located("\"plan\" must be the format version, a positive integer", at: version.offset, scanner)
        }
        if number > Plan.formatVersion {
            throw PlanError("plan format \(number) is newer than this executor understands (\(Plan.formatVersion))")
        }
    }

    /// The plan, once every member has been read.
    mutating func plan(_ scanner: JSONScanner) throws -> Plan {
        try checkVersion(scanner)
        if let unknown = firstUnknownKey {
            throw located("unknown field \"\(unknown.key)\" in the plan", at: unknown.offset, scanner)
        }
        if let offset = deferredFires {
            var rescan = scanner
            rescan.position = offset
            var fireReader = PlanFireReader(scanner: rescan)
            fires = try fireReader.readFires(&rescan)
        }
        func section(_ key: String) throws -> PlanFields.Value {
            guard let found = sections[key] else { throw PlanError("missing field \"\(key)\" in the plan") }
            return PlanFields.Value(json: found.value, path: key, offset: found.offset, scanner: scanner)
        }
        let spec = try section("spec").specInfo()
        let window = try section("window").window()
        let tzdata = try section("tzdata").string()
        let limits = try section("limits").limits()
        let triggers = try section("triggers").triggers()
        let regions = try section("regions").regions(triggers: triggers, window: window)
        guard let fires else { throw PlanError("missing field \"fires\" in the plan") }
        for (index, fire) in fires.enumerated() {
            guard triggers[fire.trigger] != nil else {
                throw PlanError("fires[\(index)]: trigger \"\(fire.trigger)\" is not declared in \"triggers\"")
            }
            guard window.contains(fire.at) else {
                throw PlanError("fires[\(index)]: \(fire.id) at \(fire.at) is outside the plan's window [\(window.from), \(window.to))")
            }
        }
        return Plan(
            spec: spec, window: window, tzdata: tzdata, limits: limits,
            triggers: triggers, regions: regions, fires: fires)
    }

    func located(_ message: String, at offset: Int, _ scanner: JSONScanner) -> PlanError {
        let place = scanner.error("", at: offset)
        return PlanError(message, line: place.line, column: place.column)
    }
}
