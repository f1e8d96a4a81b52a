import AlmanacPlanDiff
import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing

/// `concurrency`: a spec field (own or from `defaults`), carried into the plan only when not `allow`,
/// read back, and shown by the diff.
@Suite struct ConcurrencyFieldTests {
    static func compile(_ yaml: String) throws -> (plan: Plan?, diagnostics: [String]) {
        let loaded = SpecLoader.load(SourceFile(path: "spec.yaml", bytes: Array(yaml.utf8)))
        guard let schedule = loaded.schedule else { return (nil, loaded.diagnostics.map(\.message)) }
        let window = Window(from: Instant(secondsSinceEpoch: 1_795_410_000), to: Instant(secondsSinceEpoch: 1_795_410_000 + 3 * 86_400))
        let result = try Compiler().compile(schedule, specSHA256: String(repeating: "0", count: 64), window: window)
        return (result.plan, result.diagnostics.map(\.message))
    }

    static func spec(defaults: String? = nil, field: String?) -> String {
        """
        version: 1
        timezone: UTC
        \(defaults.map { "defaults:\n  concurrency: \($0)\n" } ?? "")triggers:
          job:
            every: 6h
            start: 2026-11-23T00:00:00Z
        \(field.map { "    concurrency: \($0)\n" } ?? "")  other:
            every: 12h
            start: 2026-11-23T00:00:00Z
        """
    }

    @Test(arguments: PlanConcurrency.allCases)
    func theFieldReachesThePlanAndReadsBack(_ value: PlanConcurrency) throws {
        for (defaults, field) in [(nil, value.rawValue), (value.rawValue, nil), ("allow", value.rawValue)] as [(String?, String?)] {
            let (plan, diagnostics) = try Self.compile(Self.spec(defaults: defaults, field: field))
            let compiled = try #require(plan, "\(diagnostics)")
            #expect(compiled.triggers["job"]?.concurrency == value)
            #expect(compiled.triggers["other"]?.concurrency == (field == nil ? value : .allow))
            let text = String(decoding: PlanWriter.render(compiled), as: UTF8.self)
            // Only when not the default: plans without the field keep their bytes.
            #expect(text.contains("\"concurrency\"") == (value != .allow))
            let read = try PlanReader.read(PlanWriter.render(compiled))
            #expect(read.triggers["job"]?.concurrency == value)
        }
    }

    @Test(arguments: ["sometimes", "Forbid", "1", "[queue]"])
    func anUnknownValueIsAnError(_ value: String) throws {
        let (plan, diagnostics) = try Self.compile(Self.spec(field: value))
        #expect(plan == nil)
        #expect(diagnostics.contains { $0.contains("`concurrency`") }, "\(diagnostics)")
    }

    @Test func aPlanWithAnUnknownValueIsRejected() throws {
        let (plan, _) = try Self.compile(Self.spec(field: "queue"))
        let text = String(decoding: PlanWriter.render(try #require(plan)), as: UTF8.self)
        let bad = text.replacingOccurrences(of: "\"concurrency\": \"queue\"", with: "\"concurrency\": \"later\"")
        #expect(throws: PlanError.self) { try PlanReader.read(Array(bad.utf8)) }
    }

    @Test func theDiffShowsAChange() throws {
        let old = try #require(try Self.compile(Self.spec(field: nil)).plan)
        let new = try #require(try Self.compile(Self.spec(field: "forbid")).plan)
        let diff = PlanDiff(old: old, new: new)
        #expect(diff.triggers.map(\.id) == ["job"])
        #expect(diff.triggers.first?.concurrency == PlanDiff.ValueChange(old: .allow, new: .forbid))
        #expect(diff.triggers.first?.changedAttributes == ["concurrency"])
        let options = PlanDiffOptions(oldLabel: "old", newLabel: "new")
        #expect(PlanDiffText.render(diff, options).contains("concurrency: allow → forbid"))
        #expect(PlanDiffJSON.render(diff, options).contains("\"concurrency\": {\"old\": \"allow\", \"new\": \"forbid\"}"))
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
