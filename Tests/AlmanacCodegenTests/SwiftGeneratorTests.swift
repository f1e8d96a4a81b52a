import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacCodegen

/// `almanac generate swift`: goldens for awkward ids and a declared payload, collisions as located
/// errors, and the generated code compiled (warnings as errors) and run by the real Swift compiler,
/// in a program and, with `public` access, from another module.
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
        #expect(problems.isEmpty, "\(problems)")
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
        #expect(
            problems.map(\.code) == [
                .generatedNameCollision, .generatedNameCollision, .generatedNameCollision, .payloadAccessorUnavailable,
                .payloadAccessorUnavailable,
            ])
    }

    /// The payload type follows the declaration only: a value of another type in an unrelated
    /// trigger is an error at that value, never an accessor of another type; without a declaration
    /// there are no accessors, and a warning says how to get them.
    @Test func thePayloadTypeFollowsTheDeclarationOnly() throws {
        let (_, schedule, diagnostics) = try Self.load("awkward-ids.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        var edited = try #require(schedule)
        let before = SwiftGenerator(typeName: "Awkward", sourceName: "awkward-ids.yaml").generate(edited).source
        edited.triggers[edited.triggers.firstIndex { $0.id == "self" }!].payload = ["note": "unrelated", "title": "Self"]
        #expect(
            SwiftGenerator(typeName: "Awkward", sourceName: "awkward-ids.yaml").generate(edited).source?.contains("var badge: Int?") == true
        )
        #expect(before?.contains("var badge: Int?") == true)
        edited.triggers[0].payload["badge"] = .number("2.5")
        #expect(Set(edited.validate().map(\.code)) == [.payloadKeyUndeclared, .payloadValueType])
        let (source, warnings) = SwiftGenerator(typeName: "P", sourceName: "no-shape.yaml").generate(
            try #require(try Self.load("no-shape.yaml").1))
        #expect(warnings.map(\.code) == [.payloadShapeMissing] && source?.contains("var title") == false)
    }

    /// The access level: internal by default, the spec's `swift.access`, or the generator's.
    @Test func theAccessLevelIsChosen() throws {
        let schedule = try #require(try Self.load("awkward-ids.yaml").1)
        let internalSource = try #require(SwiftGenerator(typeName: "A", sourceName: "").generate(schedule).source)
        #expect(internalSource.contains("internal enum ATrigger") && !internalSource.contains("public "))
        var spec = schedule
        spec.swift.access = .package
        let packageSource = try #require(SwiftGenerator(typeName: "A", sourceName: "").generate(spec).source)
        #expect(packageSource.contains("package struct APayload") && !packageSource.contains("internal "))
        let publicSource = try #require(SwiftGenerator(typeName: "A", sourceName: "", access: .public).generate(spec).source)
        #expect(publicSource.contains("public struct AFireID") && !publicSource.contains("package "))
    }

    /// Every code-generation code (E08xx, and E0620, E0621, W0621) is emitted by a fixture here, as
    /// every other code is by the spec and compiler corpora.
    @Test func everyCodeGenerationCodeIsEmitted() throws {
        let (_, schedule, _) = try Self.load("colliding-ids.yaml")
        var emitted = Set(SwiftGenerator(typeName: "X", sourceName: "").generate(try #require(schedule)).diagnostics.map(\.code))
        emitted.formUnion(
            SwiftGenerator(typeName: "X", sourceName: "").generate(try #require(try Self.load("no-shape.yaml").1)).diagnostics.map(\.code))
        let named = try #require(try Self.load("no-shape.yaml").1)
        let twice = [("a/r.almanac.yaml", SwiftTypeNames.forSpecFile("a/r.almanac.yaml", schedule: named)), ("b/r.almanac.yaml", "R")]
        emitted.formUnion(SwiftTypeNames.collisions(twice).values.map(\.code))
        let codes = DiagnosticCode.allCases.filter {
            $0.rawValue.dropFirst().hasPrefix("08")
                || [.generatedTypeNameCollision, .payloadAccessorUnavailable, .payloadShapeMissing].contains($0)
        }
        #expect(codes.count == 4)
        #expect(codes.filter { !emitted.contains($0) }.isEmpty)
        #expect(SwiftTypeNames.forSpecFile("Sources/App/2fa.almanac.yaml", schedule: named) == "_2fa")
    }

    @Test(arguments: ["a-b", "a.b", "2fa", "default", "self", "in", "x1.y2-z3_w4", "url-id", "9", "日本", "naïve-key"])
    func everyIdHasACaseNameThatParses(_ id: String) throws {
        let name = try #require(SwiftName.member(id))
        #expect(!name.isEmpty)
        #expect(SwiftName.bare(name).unicodeScalars.allSatisfy { SwiftName.isCharacter($0) || $0 == "_" })
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
        precondition(all == ["2fa-reminder", "class", "daily.report_v2", "default", "in", "none", "self"], "\\(all)")
        precondition(AwkwardTrigger.default.rawValue == "default" && AwkwardTrigger._2faReminder.rawValue == "2fa-reminder")
        precondition(AwkwardTrigger.dailyReportV2 == AwkwardTrigger(rawValue: "daily.report_v2"))
        // `.none` on an optional is Optional.none; the case is `none_`, so nothing is shadowed.
        let none: AwkwardTrigger? = AwkwardTrigger(rawValue: "none")
        precondition(none == .none_ && none != .none)
        let absent: AwkwardTrigger? = .none
        precondition(absent == nil)
        for id in ["self@2027-01-01T09:00:00", "2fa-reminder@2026-10-25T02:00:00~2", "daily.report_v2@0999-12-31T23:59:59"] {
            let parsed = AwkwardFireID(id)
            precondition(parsed?.description == id, "\\(id) → \\(String(describing: parsed))")
        }
        precondition(AwkwardFireID("self@2027-01-01T09:00:00")?.trigger == .self)
        for bad in ["nope@2027-01-01T09:00:00", "self@2027-01-01T09:00", "self@2027-01-01 09:00:00", "self", "self@2027-01-01T09:00:00~3", "@2027-01-01T09:00:00"] {
            precondition(AwkwardFireID(bad) == nil, bad)
        }
        let info: [AnyHashable: Any] = [
            "title": "Class", "badge": 2, "sound": true, "dose": 2, "tags": ["a", "b"], "readings": [1, 2.5], "content-type": "text",
            "Title Case": "x", "日本": "y", "values": "v", "init": "i",
        ]
        let payload = AwkwardPayload(userInfo: info)
        precondition(payload.title == "Class" && payload.badge == 2 && payload.sound == true && payload.dose == 2.0)
        precondition(payload.tags == ["a", "b"] && payload.readings == [1.0, 2.5] && payload.contentType == "text")
        precondition(payload.titleCase == "x" && payload.日本 == "y" && payload.values == "v" && payload.`init` == "i")
        precondition(payload["title"] as? String == "Class" && payload["other"] == nil)
        // A value of another type reads as absent, never as a wrong value.
        let odd = AwkwardPayload(["badge": 2.5, "tags": ["a", 1], "title": 3])
        precondition(odd.badge == nil && odd.tags == nil && odd.title == nil && AwkwardPayload([:]).dose == nil)
        print("ok")
        """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let swiftc = try #require(Self.findSwiftc(), "swiftc is not on PATH")
        let build = try Self.run(
            swiftc, ["-swift-version", "6", "-warnings-as-errors", "-o", dir + "/check", dir + "/Awkward.swift", dir + "/main.swift"])
        #expect(build.status == 0, "\(build.output)")
        guard build.status == 0 else { return }
        let run = try Self.run(dir + "/check", [])
        #expect(run.status == 0 && run.output == "ok\n", "\(run.output)")
    }

    /// With `access: public` the types are usable from another module (an app's feature module
    /// importing the module the plugin generated into): compiled as a library, then used.
    @Test func publicTypesAreUsableFromAnotherModule() throws {
        var schedule = try #require(try Self.load("awkward-ids.yaml").1)
        schedule.swift.access = .public
        let source = try #require(SwiftGenerator(typeName: "Awkward", sourceName: "awkward-ids.yaml").generate(schedule).source)
        let dir = NSTemporaryDirectory() + "almanac-codegen-module-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try source.write(toFile: dir + "/Awkward.swift", atomically: true, encoding: .utf8)
        try """
        import Schedules
        let payload = AwkwardPayload(userInfo: ["badge": 3])
        print(AwkwardTrigger.none_.rawValue, payload.badge ?? 0, AwkwardFireID("in@2027-01-01T12:00:00")!.hour)
        """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let swiftc = try #require(Self.findSwiftc(), "swiftc is not on PATH")
        let library = try Self.run(
            swiftc,
            [
                "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-module", "-emit-library", "-static",
                "-module-name", "Schedules", "-emit-module-path", dir + "/Schedules.swiftmodule", "-o", dir + "/libSchedules.a",
                dir + "/Awkward.swift",
            ])
        #expect(library.status == 0, "\(library.output)")
        let app = try Self.run(
            swiftc, ["-swift-version", "6", "-I", dir, "-L", dir, "-lSchedules", "-o", dir + "/app", dir + "/main.swift"])
        #expect(app.status == 0, "\(app.output)")
        guard app.status == 0 else { return }
        let run = try Self.run(dir + "/app", [])
        #expect(run.output == "none 3 12\n", "\(run.output)")
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
