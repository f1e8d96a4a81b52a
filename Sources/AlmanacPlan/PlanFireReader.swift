import AlmanacJSON
import AlmanacTime

/// Reads the `fires` array straight from the bytes: keys are matched without decoding and
/// timestamps parsed in place, so a fire costs two small strings and no intermediate `JSONValue`.
struct PlanFireReader {
    private var fires: [Fire] = []
    /// The trigger string of the previous fire, reused while consecutive fires share it.
    private var lastTrigger = ""

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

    private enum Field: UInt8 { case at = 1, trigger = 2, local = 4, id = 8, nominal = 16 }

    private mutating func readFire(_ scanner: inout JSONScanner) throws {
        let index = fires.count
        scanner.skipWhitespace()
        let start = scanner.position
        func failure(_ message: String) -> PlanError { PlanError("fires[\(index)]: \(message)", at: start, scanner) }
        guard scanner.peek() == 0x7B else { throw failure("must be an object") }
        scanner.position += 1
        var seen: UInt8 = 0
        var at = Instant(secondsSinceEpoch: 0), local = LocalDateTime(wallSeconds: 0), offset = 0
        var trigger = "", id = "", nominal: LocalDateTime?
        if !scanner.consume(0x7D) {
            repeat {
                let key = try scanner.readStringToken()
                try scanner.expect(0x3A, "':' after an object key")
                let field: Field
                if scanner.token(key, equals: "at") { field = .at }
                else if scanner.token(key, equals: "trigger") { field = .trigger }
                else if scanner.token(key, equals: "local") { field = .local }
                else if scanner.token(key, equals: "id") { field = .id }
                else if scanner.token(key, equals: "nominal") { field = .nominal }
                else { throw failure("unknown field \"\(scanner.string(of: key))\"") }
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
                    id = scanner.string(of: value)
                }
            } while try scanner.nextItem(close: 0x7D, expected: "',' or '}'")
        }
        for field in [Field.at, .trigger, .local, .id] where seen & field.rawValue == 0 {
            throw failure("missing field \"\(field)\"")
        }
        guard PlanFields.isTriggerID(trigger.utf8) else { throw failure("\"\(trigger)\" is not a trigger id") }
        guard PlanFireReader.isFireID(id, trigger: trigger) else {
            throw failure("id \"\(id)\" must be the trigger id, '@' and the nominal local date-time (\(trigger)@YYYY-MM-DDTHH:MM:SS, then ~2 for a second pass)")
        }
        guard local.wallSeconds - Int64(offset) == at.secondsSinceEpoch else {
            throw failure("\"local\" \(PlanTimestamp.format(local, offset: offset)) is not the same instant as \"at\" \(at)")
        }
        if let previous = fires.last, !Fire.precedes(previous, Fire(at: at, trigger: trigger, local: local, offset: offset, id: id)) {
            throw failure("fires are not sorted by (at, trigger, id): \(id) comes after \(previous.id)")
        }
        lastTrigger = trigger
        fires.append(Fire(at: at, trigger: trigger, local: local, offset: offset, id: id, nominal: nominal))
    }

    /// `trigger@YYYY-MM-DDTHH:MM:SS` with an optional `~2`.
    static func isFireID(_ id: String, trigger: String) -> Bool {
        var id = id
        // Native strings are contiguous already; this only copies a bridged one.
        return id.withUTF8 { bytes in
            let t = trigger.utf8.count
            guard bytes.count == t + 20 || bytes.count == t + 22,
                  bytes.starts(with: trigger.utf8), bytes[t] == 0x40 else { return false }
            if bytes.count == t + 22 && (bytes[t + 20] != 0x7E || bytes[t + 21] != 0x32) { return false }
            return PlanTimestamp.parseNominal(UnsafeBufferPointer(rebasing: bytes[(t + 1)..<(t + 20)])) != nil
        }
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
