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
        #expect(text.contains("internal enum TeamRemindersTrigger: String") && text.contains("case standUp = \"stand-up\""))
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
        #expect(try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "--access-level", "open"], in: dir).status == 64)
    }

    @Test func theAccessLevelIsInternalUnlessChosen() throws {
        let dir = try Self.directory(spec: Self.spec + "swift: {access: package}\n")
        let spec = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml"], in: dir)
        #expect(spec.stdout.contains("package enum TeamRemindersTrigger") && !spec.stdout.contains("internal "))
        let flag = try CommandRunner.run("almanac", ["generate", "swift", "spec.yaml", "--access-level", "public"], in: dir)
        #expect(flag.stdout.contains("public struct TeamRemindersFireID") && !flag.stdout.contains("package "))
    }

    /// The build-tool plugin's own tool over all the specs of a target: types named after each file
    /// (`2fa.almanac.yaml` makes `_2faTrigger`, not a usage error), two specs that would make the
    /// same types an error naming both (`a-b` and `a_b`; two `r.almanac.yaml` in different folders)
    /// unless one sets `swift.type_name`, and unchanged outputs left alone.
    @Test func thePluginsToolNamesTypesAfterFilesAndRefusesCollisions() throws {
        let dir = try Self.directory()
        for folder in ["morning", "evening"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        let files = [
            "2fa.almanac.yaml": Self.spec, "a-b.almanac.yaml": Self.spec, "a_b.almanac.yaml": Self.spec,
            "morning/r.almanac.yaml": Self.spec, "evening/r.almanac.yaml": Self.spec + "swift: {type_name: EveningR}\n",
        ]
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let good = try CommandRunner.run(
            "almanac-swift-generator",
            [
                "2fa.almanac.yaml", "out/2fa.swift", "morning/r.almanac.yaml", "out/morning__r.swift", "evening/r.almanac.yaml",
                "out/evening__r.swift",
            ],
            in: try Self.withOutputFolder(dir))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try String(contentsOfFile: dir + "/out/2fa.swift", encoding: .utf8).contains("internal enum _2faTrigger: String"))
        #expect(try String(contentsOfFile: dir + "/out/morning__r.swift", encoding: .utf8).contains("internal enum RTrigger: String"))
        #expect(
            try String(contentsOfFile: dir + "/out/evening__r.swift", encoding: .utf8).contains("internal enum EveningRTrigger: String"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: dir + "/out/2fa.swift")
        _ = try CommandRunner.run("almanac-swift-generator", ["2fa.almanac.yaml", "out/2fa.swift"], in: dir)
        #expect(try Self.modified(dir + "/out/2fa.swift") == Date(timeIntervalSince1970: 1_000_000))
        for pair in [["a-b.almanac.yaml", "a_b.almanac.yaml"], ["morning/r.almanac.yaml", "evening/r.almanac.yaml"]] {
            var renamed = pair
            if pair[1].hasPrefix("evening") { try Self.spec.write(toFile: dir + "/" + pair[1], atomically: true, encoding: .utf8) }
            renamed = pair.flatMap { [$0, "out/" + $0.replacingOccurrences(of: "/", with: "__") + ".swift"] }
            let clash = try CommandRunner.run("almanac-swift-generator", renamed, in: dir)
            #expect(clash.status == 1, "\(clash.stderr)")
            #expect(clash.stderr.contains("error[E0620]: \(pair[0]) and \(pair[1]) both generate the types"), "\(clash.stderr)")
        }
        #expect(try CommandRunner.run("almanac-swift-generator", ["2fa.almanac.yaml"], in: dir).status == 64)
    }

    static func withOutputFolder(_ dir: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        return dir
    }
}
