import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCodegen

/// `almanac generate swift`: goldens for awkward ids, collisions as located errors, and the generated
/// code compiled and run by the real Swift compiler.
@Suite struct SwiftGeneratorTests {
    static let directory = Golden.repositoryRoot + "/Tests/AlmanacCodegenTests"

    static func load(_ name: String) throws -> (SourceFile, Schedule?, [Diagnostic]) {
        let path = directory + "/Fixtures/" + name
        let file = SourceFile(
            path: "Tests/AlmanacCodegenTests/Fixtures/" + name, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let result = SpecLoader.load(file)
        return (file, result.schedule, result.diagnostics)
    }

    static func generate(_ name: String) throws -> String {
        let (_, schedule, diagnostics) = try load(name)
        let spec = try #require(schedule, "\(diagnostics)")
        let (source, problems) = SwiftGenerator(typeName: "Awkward", sourceName: name).generate(spec)
        #expect(problems.isEmpty)
        return try #require(source)
    }

    @Test func awkwardIdsMatchTheirGolden() throws {
        let source = try Self.generate("awkward-ids.yaml")
        if let problem = Golden.check(source, against: Self.directory + "/Golden/awkward-ids.swift") { Issue.record("\(problem)") }
    }

    @Test func generatingTwiceGivesTheSameBytesWhateverTheTriggerOrder() throws {
        let (_, schedule, _) = try Self.load("awkward-ids.yaml")
        var reversed = try #require(schedule)
        reversed.triggers.reverse()
        let generator = SwiftGenerator(typeName: "Awkward", sourceName: "awkward-ids.yaml")
        #expect(generator.generate(reversed).source == generator.generate(try #require(schedule)).source)
    }

    @Test func collidingNamesAreLocatedErrors() throws {
        let (file, schedule, _) = try Self.load("colliding-ids.yaml")
        let (source, problems) = SwiftGenerator(typeName: "X", sourceName: "colliding-ids.yaml").generate(try #require(schedule))
        #expect(source == nil)
        let rendered = DiagnosticRenderer(format: .text, colour: false).render(problems, in: file)
        if let problem = Golden.check(rendered, against: Self.directory + "/Golden/colliding-ids.diagnostics") {
            Issue.record("\(problem)")
        }
        #expect(problems.map(\.code) == Array(repeating: .generatedNameCollision, count: 4))
    }

    /// Every code-generation code (E08xx) is emitted by a fixture here, as every other code is by
    /// the spec and compiler corpora.
    @Test func everyCodeGenerationCodeIsEmitted() throws {
        let (_, schedule, _) = try Self.load("colliding-ids.yaml")
        let emitted = Set(SwiftGenerator(typeName: "X", sourceName: "").generate(try #require(schedule)).diagnostics.map(\.code))
        let codes = DiagnosticCode.allCases.filter { $0.rawValue.dropFirst().hasPrefix("08") }
        #expect(!codes.isEmpty)
        #expect(codes.filter { !emitted.contains($0) }.isEmpty)
    }

    @Test(arguments: ["a-b", "a.b", "2fa", "default", "self", "in", "x1.y2-z3_w4", "url-id", "9"])
    func everyIdHasACaseNameThatParses(_ id: String) throws {
        let name = try #require(SwiftName.member(id))
        #expect(!name.isEmpty)
        #expect(SwiftName.bare(name).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }

    /// The generated file and a program using it go through `swiftc`: keywords are escaped where
    /// they must be, fire ids parse and print back, payload accessors read `userInfo`-style values.
    @Test func theGeneratedCodeCompilesAndBehaves() throws {
        let source = try Self.generate("awkward-ids.yaml")
        let dir = NSTemporaryDirectory() + "almanac-codegen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try source.write(toFile: dir + "/Awkward.swift", atomically: true, encoding: .utf8)
        try """
        let all = AwkwardTrigger.allCases.map(\\.rawValue)
        precondition(all == ["2fa-reminder", "class", "daily.report_v2", "default", "in", "self"], "\\(all)")
        precondition(AwkwardTrigger.default.rawValue == "default" && AwkwardTrigger._2faReminder.rawValue == "2fa-reminder")
        precondition(AwkwardTrigger.dailyReportV2 == AwkwardTrigger(rawValue: "daily.report_v2"))
        for id in ["self@2027-01-01T09:00:00", "2fa-reminder@2026-10-25T02:00:00~2", "daily.report_v2@0999-12-31T23:59:59"] {
            let parsed = AwkwardFireID(id)
            precondition(parsed?.description == id, "\\(id) → \\(String(describing: parsed))")
        }
        precondition(AwkwardFireID("self@2027-01-01T09:00:00")?.trigger == .self)
        for bad in ["nope@2027-01-01T09:00:00", "self@2027-01-01T09:00", "self@2027-01-01 09:00:00", "self", "self@2027-01-01T09:00:00~3", "@2027-01-01T09:00:00"] {
            precondition(AwkwardFireID(bad) == nil, bad)
        }
        let payload = AwkwardPayload(["title": "Class", "badge": 2, "sound": true, "contentType": "ignored", "content-type": "text"])
        precondition(payload.title == "Class" && payload.badge == 2.0 && payload.contentType == "text")
        precondition(AwkwardPayload(["badge": 2.5]).badge == 2.5 && AwkwardPayload([:]).title == nil)
        print("ok")
        """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let swiftc = try #require(Self.findSwiftc(), "swiftc is not on PATH")
        let build = try Self.run(swiftc, ["-swift-version", "6", "-o", dir + "/check", dir + "/Awkward.swift", dir + "/main.swift"])
        #expect(build.status == 0, "\(build.output)")
        guard build.status == 0 else { return }
        let run = try Self.run(dir + "/check", [])
        #expect(run.status == 0 && run.output == "ok\n", "\(run.output)")
    }

    static func findSwiftc() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
