import AlmanacTestSupport
import Foundation
import Testing

/// `almanac generate swift` as a build step sees it: byte-stable output written only on change,
/// `--check` for CI, exit codes for collisions and bad usage.
@Suite struct GenerateCommandTests {
    static let spec = "version: 1\nname: team-reminders\ntimezone: UTC\ntriggers:\n  stand-up: {calendar: {at: \"09:00\"}}\n"

    static func directory(spec: String = spec) throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-generate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try spec.write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        return dir
    }

    static func modified(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test func anUnchangedSpecLeavesTheFileUntouched() throws {
        let dir = try Self.directory()
        let first = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "Team.swift"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOfFile: dir + "/Team.swift", encoding: .utf8)
        #expect(text.contains("public enum TeamRemindersTrigger: String") && text.contains("case standUp = \"stand-up\""))
        // An old modification time survives a second run with the same spec.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: dir + "/Team.swift")
        let second = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "Team.swift"], in: dir)
        #expect(second.status == 0)
        #expect(try Self.modified(dir + "/Team.swift") == Date(timeIntervalSince1970: 1_000_000))
        let stdout = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml"], in: dir)
        #expect(stdout.stdout == text)
    }

    @Test func checkFailsOnAStaleFileAndPassesOnAFreshOne() throws {
        let dir = try Self.directory()
        #expect(try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "Team.swift"], in: dir).status == 0)
        #expect(try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "Team.swift", "--check"], in: dir).status == 0)
        try (Self.spec + "  wrap-up: {calendar: {at: \"17:00\"}}\n").write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        let stale = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "Team.swift", "--check"], in: dir)
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("Team.swift is stale"))
        #expect(!(try String(contentsOfFile: dir + "/Team.swift", encoding: .utf8)).contains("wrapUp"))
        let missing = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "Other.swift", "--check"], in: dir)
        #expect(missing.status == 1)
    }

    @Test func collisionsUsageAndUnreadableSpecs() throws {
        let dir = try Self.directory(spec: "version: 1\ntriggers:\n  a-b: {every: 1h}\n  a.b: {every: 2h}\n")
        let collide = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "-o", "X.swift"], in: dir)
        #expect(collide.status == 1)
        #expect(collide.stderr.contains("error[E0801]"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/X.swift"))
        #expect(try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "--check"], in: dir).status == 64)
        #expect(try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "--type-name", "not-upper"], in: dir).status == 64)
        #expect(try CommandRunner.run("almanac", ["generate", "swift", "missing.yaml"], in: dir).status == 2)
        #expect(try CommandRunner.run("almanac", ["generate", "kotlin", "spec.yaml"], in: dir).status == 64)
    }
}
