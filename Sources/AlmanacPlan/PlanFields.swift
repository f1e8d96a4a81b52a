import AlmanacJSON
import AlmanacTime
import AlmanacVocabulary

/// Typed access to the small sections of a plan (everything but the fires), with messages that
/// name the field's path and the line where its section starts.
enum PlanFields {
    /// A JSON value found at `path`.
    struct Value {
        var json: JSONValue
        var path: String
        var offset: Int
        var scanner: JSONScanner

        func failure(_ message: String) -> PlanError {
            let place = scanner.error("", at: offset)
            return PlanError("\(path): \(message)", line: place.line, column: place.column)
        }

        func member(_ key: String, of members: [String: JSONValue]) throws -> Value {
            guard let value = members[key] else { throw failure("missing field \"\(key)\"") }
            return Value(json: value, path: "\(path).\(key)", offset: offset, scanner: scanner)
        }

        /// The members of an object that has exactly the `required` keys plus any of the `optional` ones.
        func object(required: [String], optional: [String] = []) throws -> [String: JSONValue] {
            guard let members = json.objectValue else { throw failure("must be an object") }
            for key in JSONWriter.sortedKeys(members) where !required.contains(key) && !optional.contains(key) {
                throw failure("unknown field \"\(key)\"")
            }
            for key in required where members[key] == nil { throw failure("missing field \"\(key)\"") }
            return members
        }

        func string() throws -> String {
            guard let s = json.stringValue else { throw failure("must be a string") }
            return s
        }

        func int(minimum: Int = .min) throws -> Int {
            guard let n = json.intValue else { throw failure("must be an integer") }
            guard n >= minimum else { throw failure("must be at least \(minimum)") }
            return n
        }

        /// A number literal within `range`, kept as written.
        func number(in range: ClosedRange<Double>) throws -> String {
            guard case .number(let literal) = json, let value = Double(literal) else { throw failure("must be a number") }
            guard range.contains(value) else { throw failure("must be between \(range.lowerBound) and \(range.upperBound)") }
            return literal
        }

        func instant() throws -> Instant {
            guard let instant = PlanTimestamp.parseInstant(try string()) else {
                throw failure("must be an instant in UTC like 2026-11-23T05:00:00Z")
            }
            return instant
        }

        func window() throws -> Window {
            let members = try object(required: ["from", "to"])
            let window = Window(from: try member("from", of: members).instant(), to: try member("to", of: members).instant())
            guard window.from <= window.to else { throw failure("\"from\" must not be after \"to\"") }
            return window
        }

        func specInfo() throws -> SpecInfo {
            let members = try object(required: ["name"], optional: ["sha256", "runs_on"])
            var info = SpecInfo(name: try member("name", of: members).string(), sha256: nil)
            if members["runs_on"] != nil {
                let field = try member("runs_on", of: members)
                let text = try field.string()
                guard let profile = RunnerProfile(rawValue: text) else {
                    throw field.failure(
                        "must be \(RunnerProfile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), not \"\(text)\"")
                }
                info.runsOn = profile
            }
            guard members["sha256"] != nil else { return info }
            let digest = try member("sha256", of: members).string()
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw failure("\"sha256\" must be 64 lowercase hex digits")
            }
            info.sha256 = digest
            return info
        }

        func limits() throws -> PlanLimits {
            let members = try object(required: ["max_pending", "max_regions"], optional: ["min_coverage"])
            var limits = PlanLimits(
                maxPending: try member("max_pending", of: members).int(minimum: 0),
                maxRegions: try member("max_regions", of: members).int(minimum: 0))
            if members["min_coverage"] != nil {
                let coverage = try member("min_coverage", of: members)
                let parts = try coverage.object(required: [], optional: ["days", "seconds"])
                let days = parts["days"] == nil ? 0 : try coverage.member("days", of: parts).int(minimum: 0)
                let seconds = parts["seconds"] == nil ? 0 : try coverage.member("seconds", of: parts).int(minimum: 0)
                guard days > 0 || seconds > 0, days <= 100 * 366, seconds <= 100 * 366 * 86_400 else {
                    throw coverage.failure("must hold \"days\" and/or \"seconds\", together more than 0 and at most 100 years")
                }
                limits.minCoverage = WindowLength(days: Int64(days), seconds: Int64(seconds))
            }
            return limits
        }

        func triggers() throws -> [String: PlanTrigger] {
            guard let members = json.objectValue else { throw failure("must be an object") }
            var triggers: [String: PlanTrigger] = [:]
            for id in JSONWriter.sortedKeys(members) {
                guard PlanFields.isTriggerID(id) else {
                    throw failure("\"\(id)\" is not a trigger id (lowercase letters, digits, '.', '_', '-'; at most 64)")
                }
                let entry = try member(id, of: members)
                let fields = try entry.object(required: ["kind", "priority", "payload"], optional: ["timezone", "concurrency", "misfire"])
                let kind = try entry.member("kind", of: fields).string()
                // A kind this executor does not know (a newer compiler's) is kept: its fires are fires.
                guard TriggerKindNames.isWellFormed(kind) else {
                    throw entry.failure(
                        "\"kind\" must be a kind name such as \(TriggerKindNames.known.joined(separator: ", ")), not \"\(kind)\"")
                }
                let payload = try entry.member("payload", of: fields)
                guard let payloadMembers = payload.json.objectValue else { throw payload.failure("must be an object") }
                var concurrency = PlanConcurrency.allow
                if fields["concurrency"] != nil {
                    let member = try entry.member("concurrency", of: fields)
                    let text = try member.string()
                    guard let value = PlanConcurrency(rawValue: text) else {
                        throw member.failure(
                            "unknown concurrency \"\(text)\"; expected one of \(PlanConcurrency.allCases.map(\.rawValue).joined(separator: ", "))"
                        )
                    }
                    concurrency = value
                }
                var misfire: PlanMisfire?
                if fields["misfire"] != nil {
                    let member = try entry.member("misfire", of: fields)
                    let text = try member.string()
                    guard let value = PlanMisfire(rawValue: text) else {
                        throw member.failure(
                            "unknown misfire \"\(text)\"; expected one of \(PlanMisfire.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    misfire = value
                }
                triggers[id] = PlanTrigger(
                    kind: kind, timezone: try fields["timezone"].map { _ in try entry.member("timezone", of: fields).string() },
                    priority: try entry.member("priority", of: fields).int(), payload: payloadMembers,
                    concurrency: concurrency, misfire: misfire)
            }
            return triggers
        }

        func regions(triggers: [String: PlanTrigger], window: Window) throws -> [PlanRegion] {
            guard let items = json.arrayValue else { throw failure("must be an array") }
            var regions: [PlanRegion] = []
            for (index, item) in items.enumerated() {
                let entry = Value(json: item, path: "\(path)[\(index)]", offset: offset, scanner: scanner)
                let fields = try entry.object(
                    required: ["trigger", "on", "latitude", "longitude", "radius", "armed"], optional: ["cooldown"])
                let trigger = try entry.member("trigger", of: fields).string()
                guard triggers[trigger] != nil else { throw entry.failure("trigger \"\(trigger)\" is not declared in \"triggers\"") }
                if let previous = regions.last, !previous.trigger.utf8.lexicographicallyPrecedes(trigger.utf8) {
                    throw entry.failure("regions must be sorted by trigger, one per trigger")
                }
                let onText = try entry.member("on", of: fields).string()
                guard let on = PlanRegion.Event(rawValue: onText) else { throw entry.failure("\"on\" must be enter, exit or both") }
                let armedValue = try entry.member("armed", of: fields)
                guard let armedItems = armedValue.json.arrayValue else { throw armedValue.failure("must be an array") }
                let armed = try armedItems.enumerated().map { i, json in
                    try Value(json: json, path: "\(armedValue.path)[\(i)]", offset: offset, scanner: scanner).window()
                }
                for (a, b) in zip(armed, armed.dropFirst()) where !(a.to <= b.from) {
                    throw armedValue.failure("armed windows must be sorted and disjoint")
                }
                if let outside = armed.first(where: { $0.from < window.from || $0.to > window.to }) {
                    throw armedValue.failure("armed window from \(outside.from) to \(outside.to) is outside the plan's window")
                }
                regions.append(
                    PlanRegion(
                        trigger: trigger, on: on,
                        latitude: try entry.member("latitude", of: fields).number(in: -90...90),
                        longitude: try entry.member("longitude", of: fields).number(in: -180...180),
                        radius: try entry.member("radius", of: fields).number(in: 0...Double.greatestFiniteMagnitude),
                        cooldown: try fields["cooldown"].map { _ in Int64(try entry.member("cooldown", of: fields).int(minimum: 0)) },
                        armed: armed))
            }
            return regions
        }
    }

    /// `^[a-z0-9][a-z0-9._-]{0,63}$`, the spec language's trigger ids (one rule: `TriggerIDSyntax`).
    static func isTriggerID<S: Sequence<UInt8>>(_ bytes: S) -> Bool { TriggerIDSyntax.isValid(bytes) }

    static func isTriggerID(_ id: String) -> Bool { isTriggerID(id.utf8) }
}
