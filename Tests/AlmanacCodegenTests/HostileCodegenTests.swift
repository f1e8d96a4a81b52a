import AlmanacEscaping
import AlmanacJSON
import AlmanacModel
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacCodegen

/// `generate swift` over a schedule built in code, so nothing was refused on the way: a name, a
/// source path and payload keys holding every class of character (the CR in a `///` comment
/// first). swiftc is the judge: the file compiles next to one that declares the names an injection
/// would declare, and a program reads back every id and key exactly.
@Suite struct HostileCodegenTests {
    static let keys = HostileText.samples.map(\.text) + ["k\rpublic let injected2 = 1", "`default`", "self", "a */ b", "\\(injected)"]

    /// The keys that get an accessor: each one that makes a Swift name no other key makes first (the
    /// others would be errors E0621, and no source at all).
    static var declared: [String] {
        var taken: Set<String> = ["init"]
        return keys.filter { key in SwiftName.member(key).map { taken.insert(SwiftName.bare($0)).inserted } ?? false }
    }

    static func schedule() -> Schedule {
        var trigger = Trigger(id: "job", kind: .once(OnceRule(.instant(Instant(secondsSinceEpoch: 0)))))
        for key in keys { trigger.payload[key] = .string("v") }
        // Accessors come from the declared shape only; each declared key's doc is hostile too.
        let shape = PayloadShape(fields: declared.map { PayloadShape.Field(key: $0, type: .string, doc: $0) })
        return Schedule(name: "x\rpublic let injected = 1 */ \u{2028}\u{202E}", triggers: [trigger], payloadShape: shape)
    }

    @Test func hostileNamesAndKeysStayInsideCommentsAndLiterals() throws {
        let generator = SwiftGenerator(typeName: "Hostile", sourceName: "spec\rpublic let injected3 = 1.yaml")
        let source = try #require(generator.generate(Self.schedule()).source)
        #expect(!source.contains("\r") && ControlCharacter.first(in: source, allowing: [.lineFeed]) == nil)
        let dir = NSTemporaryDirectory() + "almanac-hostile-codegen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try source.write(toFile: dir + "/Hostile.swift", atomically: true, encoding: .utf8)
        // An injected top-level declaration of one of these names would be a redeclaration.
        try """
        let injected = 0, injected2 = 0, injected3 = 0
        precondition(HostileTrigger.allCases.map(\\.rawValue) == ["job"])
        print("ok", injected + injected2 + injected3)
        """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let swiftc = try #require(SwiftGeneratorTests.findSwiftc(), "swiftc is not on PATH")
        let build = try SwiftGeneratorTests.run(
            swiftc, ["-swift-version", "6", "-o", dir + "/check", dir + "/Hostile.swift", dir + "/main.swift"])
        #expect(build.status == 0, "\(build.output)\n\(source)")
        guard build.status == 0 else { return }
        let run = try SwiftGeneratorTests.run(dir + "/check", [])
        #expect(run.status == 0 && run.output == "ok 0\n", "\(run.output)")
    }

    /// Every accessor's key literal decodes to its key: the literal is the key, not code.
    @Test func accessorsReadTheirKeysExactly() throws {
        let source = try #require(SwiftGenerator(typeName: "H", sourceName: "s").generate(Self.schedule()).source)
        var found: Set<String> = []
        for line in source.split(separator: "\n") where line.contains("internal var ") && line.contains("_values[") {
            let start = try #require(line.range(of: "_values[\"")).upperBound
            // The literal ends at the first quote no backslash escapes.
            var literal = "", escaped = false
            for c in line[start...].unicodeScalars {
                if !escaped && c == "\"" { break }
                escaped = !escaped && c == "\\"
                literal.unicodeScalars.append(c)
            }
            found.insert(try #require(Self.decode(literal), "\(line)"))
        }
        #expect(found == Set(Self.declared), "\(found.symmetricDifference(Self.declared))")
        #expect(Self.declared.count > HostileText.samples.count / 2, "\(Self.declared.count) of \(Self.keys.count) keys declared")
    }

    /// Swift's escapes as `SwiftText.stringLiteral` uses them, decoded independently.
    static func decode(_ body: String) -> String? {
        var out = "", scalars = body.unicodeScalars[...]
        while let c = scalars.popFirst() {
            guard c == "\\" else {
                out.unicodeScalars.append(c)
                continue
            }
            switch scalars.popFirst() {
            case "\\"?: out += "\\"
            case "\""?: out += "\""
            case "n"?: out += "\n"
            case "r"?: out += "\r"
            case "t"?: out += "\t"
            case "0"?: out += "\u{0}"
            case "u"?:
                guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}"),
                    let v = UInt32(String(String.UnicodeScalarView(scalars[..<end])), radix: 16), let s = Unicode.Scalar(v)
                else { return nil }
                out.unicodeScalars.append(s)
                scalars = scalars[scalars.index(after: end)...]
            default: return nil
            }
        }
        return out
    }
}
