import AlmanacJSON
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the `fires` array straight from the bytes: keys are matched without decoding and
/// timestamps parsed in place, so a fire costs two small strings and no intermediate `JSONValue`.
struct PlanFireReader {
    private var fires: [Fire] = []
    /// The trigger string of the previous fire, reused while consecutive fires share it.
    fileprivate var lastTrigger = ""
    /// The trigger last found declared in the plan's header (`PlanLines.fire`).
    var declaredTrigger: String?
    /// The date `readCanonicalFire` parsed last.
    private var days = PlanTimestamp.DayCache()

    /// A reader for fires read one at a time (`readFireObject`).
    init() {}

    init(scanner: JSONScanner) {
        // A fire takes about 120 bytes; reserving avoids repeated growth of a large array.
        fires.reserveCapacity(max(0, (scanner.bytes.count - scanner.position) / 130))
    }

    mutating func readFires(_ scanner: inout JSONScanner) throws -> [Fire] {
        guard scanner.peek() == 0x5B else { throw PlanError("fires: must be an array", at: scanner.position, scanner) }
        try scanner.readArray(depth: 1) { scanner in
            try readFire(&scanner)
        }
        return fires
    }

    private mutating func readFire(_ scanner: inout JSONScanner) throws {
        let index = fires.count
        scanner.skipWhitespace()
        let start = scanner.position
        func failure(_ message: String) -> PlanError { PlanError("fires[\(index)]: \(message)", at: start, scanner) }
        let fire: Fire
        do {
            fire = try readFireObject(&scanner)
        } catch let problem as FireProblem {
            throw failure(problem.message)
        }
        if let previous = fires.last, !Fire.precedes(previous, fire) {
            throw failure("fires are not sorted by (at, trigger, id): \(fire.id) comes after \(previous.id)")
        }
        fires.append(fire)
    }

    /// What is wrong with one fire object, located by the caller.
    struct FireProblem: Error {
        var message: String
    }

    private enum Field: UInt8 { case at = 1, trigger = 2, local = 4, id = 8, nominal = 16 }

    /// The fire object at the scanner's position (which must be at its `{`); a `FireProblem` when a
    /// field is missing, unknown or ill-formed, a `JSONReadError` when the text is not JSON.
    mutating func readFireObject(_ scanner: inout JSONScanner) throws -> Fire {
        func failure(_ message: String) -> FireProblem { FireProblem(message: message) }
        guard scanner.peek() == 0x7B else { throw failure("must be an object") }
        scanner.position += 1
        var seen: UInt8 = 0
        var at = Instant(secondsSinceEpoch: 0), local = LocalDateTime(wallSeconds: 0), offset = 0
        var trigger = "", nominal: LocalDateTime?
        var idToken: JSONStringToken?
        if !scanner.consume(0x7D) {
            repeat {
                let key = try scanner.readStringToken()
                try scanner.expect(0x3A, "':' after an object key")
                let field: Field
                if scanner.token(key, equals: "at") {
                    field = .at
                } else if scanner.token(key, equals: "trigger") {
                    field = .trigger
                } else if scanner.token(key, equals: "local") {
                    field = .local
                } else if scanner.token(key, equals: "id") {
                    field = .id
                } else if scanner.token(key, equals: "nominal") {
                    field = .nominal
                } else {
                    throw failure("unknown field \"\(scanner.string(of: key))\"")
                }
                guard seen & field.rawValue == 0 else { throw failure("duplicate key \"\(field)\"") }
                seen |= field.rawValue
                guard scanner.peek() == 0x22 else { throw failure("\"\(field)\" must be a string") }
                let value = try scanner.readStringToken()
                switch field {
                case .at:
                    guard let parsed = scanner.withBytes(of: value, PlanTimestamp.parseInstant) else {
                        throw failure("\"at\" must be an instant in UTC like 2026-11-23T14:00:00Z")
                    }
                    at = parsed
                case .local:
                    guard let parsed = scanner.withBytes(of: value, PlanTimestamp.parseLocal) else {
                        throw failure("\"local\" must be a wall time with its offset like 2026-11-23T09:00:00-05:00")
                    }
                    (local, offset) = parsed
                case .nominal:
                    guard let parsed = scanner.withBytes(of: value, PlanTimestamp.parseNominal) else {
                        throw failure("\"nominal\" must be a wall time like 2026-11-23T09:00:00")
                    }
                    nominal = parsed
                case .trigger:
                    trigger = scanner.withBytes(of: value) { bytes in
                        lastTrigger.utf8.elementsEqual(bytes) ? lastTrigger : String(decoding: bytes, as: UTF8.self)
                    }
                case .id:
                    // Parsed once the trigger is known (keys may come in any order).
                    idToken = value
                }
            } while try scanner.nextItem(close: 0x7D, expected: "',' or '}'")
        }
        for field in [Field.at, .trigger, .local, .id] where seen & field.rawValue == 0 {
            throw failure("missing field \"\(field)\"")
        }
        guard PlanFields.isTriggerID(trigger.utf8) else { throw failure("\"\(trigger)\" is not a trigger id") }
        guard let idToken, let parsed = scanner.withBytes(of: idToken, { Fire.parseID($0, trigger: trigger) }) else {
            let id = idToken.map { scanner.string(of: $0) } ?? ""
            throw failure(
                "id \"\(id)\" must be the trigger id, '@' and the nominal local date-time (\(trigger)@YYYY-MM-DDTHH:MM:SS, then ~2 for a second pass)"
            )
        }
        guard local.wallSeconds - Int64(offset) == at.secondsSinceEpoch else {
            throw failure("\"local\" \(PlanTimestamp.format(local, offset: offset)) is not the same instant as \"at\" \(at)")
        }
        var fire = Fire(
            at: at, trigger: trigger, offset: offset, nominalWall: parsed.wall, secondPass: parsed.secondPass,
            isMoved: nominal != nil)
        if let nominal, nominal.wallSeconds != parsed.wall {
            // Kept as written (a hand-made plan): the plain form would lose either the id or the nominal.
            fire = Fire(at: at, trigger: trigger, local: local, offset: offset, id: scanner.string(of: idToken), nominal: nominal)
        }
        lastTrigger = trigger
        return fire
    }
}

extension PlanFireReader {
    /// The fire on a line in exactly the layout the compiler writes — `{"at": "…", "trigger": "…",
    /// "local": "…", "id": "…"[, "nominal": "…"]}`, then `,` unless `isLast` — read without the JSON
    /// scanner; nil for every other line, valid or not, which `readFireObject` then reads and
    /// explains. It gives the scanner's fire or nil (`CanonicalFireLineTests`, over mutated lines).
    /// Why: the scanner's generic object walk was most of reading a fire (see the simulate row of
    /// `scripts/bench/executor.sh`).
    mutating func readCanonicalFire(_ line: UnsafeBufferPointer<UInt8>, isLast: Bool) -> Fire? {
        guard let base = line.baseAddress else { return nil }
        let count = line.count
        var i = 0
        while i < count && line[i] == 0x20 { i += 1 }
        func literal(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard count - i >= length, memcmp(base + i, text.utf8Start, length) == 0 else { return false }
            i += length
            return true
        }
        // A string's raw bytes up to the next quote. Every value is then parsed by a reader that
        // takes only digits, separators and trigger-id characters, so one with an escape (or cut
        // at an escaped quote) or a control byte is refused there and the line left to the scanner.
        func value() -> UnsafeBufferPointer<UInt8>? {
            guard i < count, let quote = memchr(base + i, 0x22, count - i) else { return nil }
            let start = i
            i = base.distance(to: quote.assumingMemoryBound(to: UInt8.self)) + 1
            return UnsafeBufferPointer(rebasing: line[start..<(i - 1)])
        }
        guard literal("{\"at\": \""), let atText = value(), literal(", \"trigger\": \""), let triggerText = value(),
            literal(", \"local\": \""), let localText = value(), literal(", \"id\": \""), let idText = value()
        else { return nil }
        var nominalText: UnsafeBufferPointer<UInt8>?
        if literal(", \"nominal\": \"") {
            guard let text = value() else { return nil }
            nominalText = text
        }
        guard literal("}"), literal(",") != isLast, i == count else { return nil }
        guard let at = PlanTimestamp.parseInstant(atText, cache: &days),
            let (local, offset) = PlanTimestamp.parseLocal(localText, cache: &days),
            PlanFields.isTriggerID(triggerText)
        else { return nil }
        var trigger = lastTrigger
        if !trigger.withUTF8({
            $0.count == triggerText.count && ($0.count == 0 || memcmp($0.baseAddress!, triggerText.baseAddress!, $0.count) == 0)
        }) {
            trigger = String(decoding: triggerText, as: UTF8.self)
        }
        guard let parsed = Fire.parseID(idText, trigger: trigger, cache: &days), local.wallSeconds - Int64(offset) == at.secondsSinceEpoch
        else { return nil }
        if let nominalText {
            // A nominal time the id does not name is a hand-made plan's: the scanner keeps it as written.
            guard let nominal = PlanTimestamp.parseNominal(nominalText, cache: &days), nominal.wallSeconds == parsed.wall else {
                return nil
            }
        }
        lastTrigger = trigger
        return Fire(
            at: at, trigger: trigger, offset: offset, nominalWall: parsed.wall, secondPass: parsed.secondPass,
            isMoved: nominalText != nil)
    }
}

extension JSONScanner {
    /// Runs `body` over a string token's decoded UTF-8 bytes (its raw bytes when it has no escapes).
    func withBytes<R>(of token: JSONStringToken, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if !token.hasEscapes { return try body(UnsafeBufferPointer(rebasing: bytes[token.range])) }
        return try Array(string(of: token).utf8).withUnsafeBufferPointer(body)
    }
}

extension PlanError {
    /// An error located at byte `offset` of the scanned text.
    init(_ message: String, at offset: Int, _ scanner: JSONScanner) {
        let place = scanner.error("", at: offset)
        self.init(message, line: place.line, column: place.column)
    }
}
