import AlmanacJSON
import Foundation
import AlmanacTime
import AlmanacVocabulary
import Testing
@testable import AlmanacPlan

/// The plan reader: round trips with the writer and every way a plan is rejected.
@Suite struct PlanReaderTests {
    @Test func roundTripsTheSamplePlan() throws {
        let plan = try PlanReader.read(Array(SamplePlan.text.utf8))
        #expect(plan == SamplePlan.plan)
        #expect(PlanWriter.render(plan) == Array(SamplePlan.text.utf8))
    }

    @Test func roundTripsTheEmptyPlan() throws {
        #expect(try PlanReader.read(PlanWriter.render(SamplePlan.empty)) == SamplePlan.empty)
    }

    /// `runs_on` is written for a server spec only, so a phone spec's plan is as it was.
    @Test func carriesWhatRunsTheSpec() throws {
        var server = SamplePlan.plan
        server.spec.runsOn = .server
        let text = String(decoding: PlanWriter.render(server), as: UTF8.self)
        #expect(
            text.contains(
                "\"spec\": {\"name\": \"\(server.spec.name)\", \"sha256\": \"\(server.spec.sha256!)\", \"runs_on\": \"server\"},\n"))
        #expect(try PlanReader.read(Array(text.utf8)).spec.runsOn == .server)
        #expect(!SamplePlan.text.contains("runs_on"))
        #expect(try PlanReader.read(Array(SamplePlan.text.utf8)).spec.runsOn == .phone)
        let bad = text.replacingOccurrences(of: "\"runs_on\": \"server\"", with: "\"runs_on\": \"desktop\"")
        #expect(throws: PlanError.self) { try PlanReader.read(Array(bad.utf8)) }
        do { _ = try PlanReader.read(Array(bad.utf8)) } catch let error as PlanError {
            #expect(error.message == "spec.runs_on: must be \"phone\" or \"server\", not \"desktop\"")
        }
    }

    @Test func acceptsAnyKeyOrderAndWhitespace() throws {
        let text = """
            {"fires": [ { "id" : "t@2026-01-01T00:00:00", "local": "2026-01-01T00:00:00+00:00",
              "trigger": "t", "at": "2026-01-01T00:00:00Z" } ], "regions": [], "triggers": {"t": {"payload": {},
              "priority": 0, "kind": "once"}}, "limits": {"max_regions": 1, "max_pending": 2}, "tzdata": "x",
              "window": {"to": "2026-01-02T00:00:00Z", "from": "2026-01-01T00:00:00Z"},
              "spec": {"sha256": "\(String(repeating: "f", count: 64))", "name": "n"}, "plan": 1}
            """
        let plan = try PlanReader.read(Array(text.utf8))
        #expect(plan.fires.map(\.id) == ["t@2026-01-01T00:00:00"])
        #expect(plan.limits == PlanLimits(maxPending: 2, maxRegions: 1))
    }

    @Test func decodesEscapedTimestamps() throws {
        let text = SamplePlan.text.replacingFirst("\"at\": \"2026-11-23T14:00:00Z\"", with: "\"at\": \"\\u0032026-11-23T14:00:00Z\"")
        #expect(try PlanReader.read(Array(text.utf8)) == SamplePlan.plan)
    }

    @Test func rejectsNewerFormatsFirst() {
        // Even with a field v1 does not know, the version is what the user needs to hear about.
        let text = SamplePlan.text.replacingFirst("\"plan\": 1", with: "\"plan\": 2").replacingFirst("\"tzdata\"", with: "\"tzdb\"")
        #expect(message(text) == "plan format 2 is newer than this executor understands (1)")
        let late = "{\"fires\": [{\"new\": true}], \"plan\": 3}"
        #expect(message(late) == "plan format 3 is newer than this executor understands (1)")
    }

    @Test(arguments: [
        ("", "1:1: not valid JSON: unexpected end of input; expected a plan object '{'"),
        ("hello", "1:1: not valid JSON: unexpected 'h'; expected a plan object '{'"),
        ("[]", "1:1: not valid JSON: unexpected '['; expected a plan object '{'"),
        ("{}", "missing field \"plan\" (the plan format version); is this a plan file?"),
        ("{\"plan\": \"1\"}", "1:10: \"plan\" must be the format version, a positive integer"),
        ("{\"plan\": 0}", "1:10: \"plan\" must be the format version, a positive integer"),
        ("{\"plan\": 1.5}", "1:10: \"plan\" must be the format version, a positive integer"),
        ("{\"plan\": 1}", "missing field \"spec\" in the plan"),
    ])
    func rejectsNonPlans(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test func rejectsTruncatedPlans() {
        let bytes = Array(SamplePlan.text.utf8)
        for cut in stride(from: 0, to: bytes.count - 2, by: 37) {
            #expect(throws: PlanError.self) { try PlanReader.read(Array(bytes[..<cut])) }
        }
        #expect(message(String(SamplePlan.text.dropLast(3))) == "20:4: not valid JSON: unexpected end of input; expected ',' or '}'")
    }

    @Test(arguments: [
        // (text to replace, replacement, expected message)
        ("\"tzdata\": \"2025b\",", "\"tzdata\": \"2025b\", \"extra\": 1,", "5:22: unknown field \"extra\" in the plan"),
        ("\"tzdata\": \"2025b\",", "", "missing field \"tzdata\" in the plan"),
        ("\"tzdata\": \"2025b\"", "\"tzdata\": 2025", "5:13: tzdata: must be a string"),
        ("\"max_pending\": 64", "\"max_pending\": -1", "6:13: limits.max_pending: must be at least 0"),
        ("\"max_pending\": 64", "\"max_pending\": 6.4", "6:13: limits.max_pending: must be an integer"),
        ("\"max_pending\": 64, ", "", "6:13: limits: missing field \"max_pending\""),
        ("\"sha256\": \"abab", "\"sha256\": \"ABAB", "3:11: spec: \"sha256\" must be 64 lowercase hex digits"),
        (
            "\"from\": \"2026-11-23T05:00:00Z\", \"to\"", "\"from\": \"2026-11-23T05:00:00\", \"to\"",
            "4:13: window.from: must be an instant in UTC like 2026-11-23T05:00:00Z"
        ),
        (
            "\"from\": \"2026-11-23T05:00:00Z\", \"to\"", "\"from\": \"2027-11-23T05:00:00Z\", \"to\"",
            "4:13: window: \"from\" must not be after \"to\""
        ),
        (
            "\"kind\": \"every\"", "\"kind\": \"Hourly!\"",
            "7:15: triggers.backup: \"kind\" must be a kind name such as \(TriggerKindNames.known.joined(separator: ", ")), not \"Hourly!\""
        ),
        ("\"priority\": -3", "\"priority\": \"high\"", "7:15: triggers.backup.priority: must be an integer"),
        (
            "\"misfire\": \"once\"", "\"misfire\": \"later\"",
            "7:15: triggers.backup.misfire: unknown misfire \"later\"; expected one of skip, once, all"
        ),
        ("\"payload\": {}}", "\"payload\": []}", "7:15: triggers.backup.payload: must be an object"),
        ("\"priority\": -3, ", "", "7:15: triggers.backup: missing field \"priority\""),
        (
            "\"backup\": {\"kind\"", "\"Backup\": {\"kind\"",
            "7:15: triggers: \"Backup\" is not a trigger id (lowercase letters, digits, '.', '_', '-'; at most 64)"
        ),
        ("\"on\": \"enter\"", "\"on\": \"arrive\"", "12:14: regions[0]: \"on\" must be enter, exit or both"),
        ("\"latitude\": 40.7484", "\"latitude\": 140.7484", "12:14: regions[0].latitude: must be between -90.0 and 90.0"),
        ("\"radius\": 150", "\"radius\": \"150\"", "12:14: regions[0].radius: must be a number"),
        ("\"cooldown\": 600", "\"cooldown\": 600, \"color\": 1", "12:14: regions[0]: unknown field \"color\""),
        (
            "{\"trigger\": \"arrive\", \"on\"", "{\"trigger\": \"gone\", \"on\"",
            "12:14: regions[0]: trigger \"gone\" is not declared in \"triggers\""
        ),
        (
            "\"to\": \"2026-11-23T15:00:00Z\"}, {\"from\": \"2026-11-24", "\"to\": \"2026-11-24T15:00:00Z\"}, {\"from\": \"2026-11-24",
            "12:14: regions[0].armed: armed windows must be sorted and disjoint"
        ),
        (
            "{\"from\": \"2026-11-23T12:00:00Z\"", "{\"from\": \"2026-11-22T12:00:00Z\"",
            "12:14: regions[0].armed: armed window from 2026-11-22T12:00:00Z to 2026-11-23T15:00:00Z is outside the plan's window"
        ),
    ])
    func rejectsBadSections(original: String, replacement: String, expected: String) {
        #expect(SamplePlan.text.contains(original))
        #expect(message(SamplePlan.text.replacingFirst(original, with: replacement)) == expected)
    }

    @Test(arguments: [
        (
            "\"trigger\": \"backup\", \"local\"", "\"trigger\": \"backup\", \"trigger\": \"backup\", \"local\"",
            "16:5: fires[0]: duplicate key \"trigger\""
        ),
        (
            "\"at\": \"2026-11-23T14:00:00Z\", \"trigger\": \"backup\"", "\"trigger\": \"backup\"",
            "16:5: fires[0]: missing field \"at\""
        ),
        (
            "\"id\": \"backup@2026-11-23T14:00:00\"", "\"id\": \"backup@2026-11-23T14:00:00\", \"x\": 1",
            "16:5: fires[0]: unknown field \"x\""
        ),
        (
            "\"at\": \"2026-11-23T14:00:00Z\", \"trigger\": \"backup\"", "\"at\": 1795442400, \"trigger\": \"backup\"",
            "16:5: fires[0]: \"at\" must be a string"
        ),
        (
            "\"at\": \"2026-11-23T14:00:00Z\", \"trigger\": \"backup\"", "\"at\": \"2026-11-23T14:00:00+00:00\", \"trigger\": \"backup\"",
            "16:5: fires[0]: \"at\" must be an instant in UTC like 2026-11-23T14:00:00Z"
        ),
        (
            "\"at\": \"2026-11-23T14:00:00Z\", \"trigger\": \"backup\"", "\"at\": \"2026-02-30T14:00:00Z\", \"trigger\": \"backup\"",
            "16:5: fires[0]: \"at\" must be an instant in UTC like 2026-11-23T14:00:00Z"
        ),
        (
            "\"local\": \"2026-11-23T14:00:00+00:00\"", "\"local\": \"2026-11-23T14:00:00Z\"",
            "16:5: fires[0]: \"local\" must be a wall time with its offset like 2026-11-23T09:00:00-05:00"
        ),
        (
            "\"local\": \"2026-11-23T14:00:00+00:00\"", "\"local\": \"2026-11-23T14:00:00-00:00\"",
            "16:5: fires[0]: \"local\" must be a wall time with its offset like 2026-11-23T09:00:00-05:00"
        ),
        (
            "\"local\": \"2026-11-23T14:00:00+00:00\"", "\"local\": \"2026-11-23T15:00:00+00:00\"",
            "16:5: fires[0]: \"local\" 2026-11-23T15:00:00+00:00 is not the same instant as \"at\" 2026-11-23T14:00:00Z"
        ),
        (
            "\"nominal\": \"2026-11-23T09:00:00\"", "\"nominal\": \"2026-11-23 09:00:00\"",
            "18:5: fires[2]: \"nominal\" must be a wall time like 2026-11-23T09:00:00"
        ),
        (
            "\"id\": \"backup@2026-11-23T14:00:00\"", "\"id\": \"backup-2026-11-23T14:00:00\"",
            "16:5: fires[0]: id \"backup-2026-11-23T14:00:00\" must be the trigger id, '@' and the nominal local date-time (backup@YYYY-MM-DDTHH:MM:SS, then ~2 for a second pass)"
        ),
        (
            "\"id\": \"backup@2026-11-23T14:00:00\"", "\"id\": \"standup@2026-11-23T14:00:00\"",
            "16:5: fires[0]: id \"standup@2026-11-23T14:00:00\" must be the trigger id, '@' and the nominal local date-time (backup@YYYY-MM-DDTHH:MM:SS, then ~2 for a second pass)"
        ),
        (
            "\"id\": \"backup@2026-11-23T14:00:00\"", "\"id\": \"backup@2026-11-23T14:00:00~3\"",
            "16:5: fires[0]: id \"backup@2026-11-23T14:00:00~3\" must be the trigger id, '@' and the nominal local date-time (backup@YYYY-MM-DDTHH:MM:SS, then ~2 for a second pass)"
        ),
        (
            "\"trigger\": \"backup\", \"local\"", "\"trigger\": \"Backup!\", \"local\"",
            "16:5: fires[0]: \"Backup!\" is not a trigger id"
        ),
        (
            "{\"at\": \"2026-11-23T14:00:00Z\", \"trigger\": \"backup\"", "[]",
            "16:5: fires[0]: must be an object"
        ),
    ])
    func rejectsBadFires(original: String, replacement: String, expected: String) {
        #expect(SamplePlan.text.contains(original))
        #expect(message(SamplePlan.text.replacingFirst(original, with: replacement)) == expected)
    }

    @Test func rejectsUnsortedAndDuplicateFires() {
        var lines = SamplePlan.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Swap the first two fires (same instant, triggers out of order).
        lines.swapAt(15, 16)
        #expect(
            message(lines.joined(separator: "\n"))
                == "17:5: fires[1]: fires are not sorted by (at, trigger, id): backup@2026-11-23T14:00:00 comes after standup@2026-11-23T09:00:00"
        )
        var duplicated = SamplePlan.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        duplicated.insert(duplicated[15], at: 15)
        #expect(
            message(duplicated.joined(separator: "\n"))?.hasSuffix(
                "fires are not sorted by (at, trigger, id): backup@2026-11-23T14:00:00 comes after backup@2026-11-23T14:00:00") == true)
    }

    @Test func rejectsFiresOfUndeclaredTriggersOrOutsideTheWindow() {
        let undeclared = SamplePlan.text.replacingFirst(
            "\"backup\": {\"kind\": \"every\", \"misfire\": \"once\", \"priority\": -3, \"payload\": {}},\n    ", with: "")
        #expect(message(undeclared) == "fires[0]: trigger \"backup\" is not declared in \"triggers\"")
        let outside = SamplePlan.text.replacingFirst("\"to\": \"2026-12-23T05:00:00Z\"", with: "\"to\": \"2026-11-30T05:00:00Z\"")
        #expect(
            message(outside)
                == "fires[3]: standup@2026-12-01T10:00:00 at 2026-12-01T04:30:00Z is outside the plan's window [2026-11-23T05:00:00Z, 2026-11-30T05:00:00Z)"
        )
    }

    @Test func readsFiles() throws {
        #expect(throws: PlanError.self) { try PlanReader.read(contentsOfFile: "/nonexistent/plan.json") }
    }

    /// The reader's message for `text`, nil if it was accepted.
    private func message(_ text: String) -> String? {
        do {
            _ = try PlanReader.read(Array(text.utf8))
            return nil
        } catch let error as PlanError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
