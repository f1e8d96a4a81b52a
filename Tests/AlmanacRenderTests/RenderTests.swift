import AlmanacCommandLine
import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacPlanDiff
import AlmanacRender
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `almanac render`'s pictures: a golden SVG per example (the windows of the golden plans) and one
/// of a difference; each parses as XML and draws exactly the plan's fires, as marks or counted in
/// density strips; a 100,000-fire plan stays small and is aggregated.
@Suite struct RenderTests {
    static let goldens = Golden.repositoryRoot + "/Tests/AlmanacRenderTests/Golden"

    /// Each example and its window: four days from 2026-11-23, as the golden plans; the school term
    /// over its own horizon from 2027-02-01, the arrive-leave regions over theirs.
    static let examples: [(name: String, from: String, to: String?)] = Golden.files(in: "examples", ext: "yaml").map { path in
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        switch name {
        case "school-term": return (name, "2027-02-01", nil)
        case "arrive-leave": return (name, "2026-11-23", nil)
        default: return (name, "2026-11-23", "2026-11-27")
        }
    }

    /// A spec's plan over `[from, to)` (or its horizon) and its triggers' except days.
    static func compile(_ spec: String, from: String, to: String?) throws -> (Plan, [String: [(from: CivilDate, to: CivilDate)]]) {
        let data = try #require(FileManager.default.contents(atPath: Golden.repositoryRoot + "/" + spec))
        let loaded = SpecLoader.load(SourceFile(path: spec, bytes: Array(data)))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
        let request = WindowRequest(from: try #require(TimeArgument.parse(from)), to: to.flatMap(TimeArgument.parse))
        let window = try #require(
            request.resolve(now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone, specHorizon: schedule.horizon))
        let plan = try Compiler(tzdataVersion: "2025b").compile(schedule, specSHA256: SHA256.hex(of: Array(data)), window: window).plan
        var except: [String: [(from: CivilDate, to: CivilDate)]] = [:]
        for trigger in schedule.triggers where !trigger.except.isEmpty { except[trigger.id] = trigger.except.map { ($0.from, $0.to) } }
        return (plan, except)
    }

    static func input(_ name: String) throws -> (input: RenderInput, plan: Plan) {
        let example = try #require(examples.first { $0.name == name })
        let (plan, except) = try compile("examples/\(name).yaml", from: example.from, to: example.to)
        return (RenderInput(plan: plan, exceptDays: except, title: "examples/\(name).yaml"), plan)
    }

    static func diffInput() throws -> (input: RenderInput, old: Plan, new: Plan) {
        let fixtures = "Tests/AlmanacRenderTests/Fixtures"
        let (old, _) = try compile("\(fixtures)/change.old.yaml", from: "2026-11-23", to: "2026-11-30")
        let (new, except) = try compile("\(fixtures)/change.new.yaml", from: "2026-11-23", to: "2026-11-30")
        return (RenderInput(plan: new, old: old, exceptDays: except, title: "change.new.yaml"), old, new)
    }

    @Test(arguments: examples.map(\.name))
    func exampleMatchesItsGolden(_ name: String) throws {
        let svg = try TimelineRenderer.svg(try Self.input(name).input)
        if let problem = Golden.check(svg, against: "\(Self.goldens)/examples/\(name).svg") { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func differenceMatchesItsGolden() throws {
        let (input, old, new) = try Self.diffInput()
        #expect(!PlanDiff(old: old, new: new).isEmpty)
        if let problem = Golden.check(try TimelineRenderer.svg(input), against: "\(Self.goldens)/diff/change.svg") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// Every example's SVG and HTML parse as XML, and draw each fire once.
    @Test(arguments: examples.map(\.name))
    func exampleParsesAndCountsItsFires(_ name: String) throws {
        let (input, plan) = try Self.input(name)
        let marks = try MarkCounter.count(try TimelineRenderer.svg(input))
        #expect(marks["fire", default: 0] == plan.fires.count, "\(marks)")
        #expect(try MarkCounter.count(try TimelineRenderer.html(input))["fire", default: 0] == plan.fires.count)
    }

    @Test func differenceCountsEachKindOfChange() throws {
        let (input, old, new) = try Self.diffInput()
        let diff = PlanDiff(old: old, new: new)
        let marks = try MarkCounter.count(try TimelineRenderer.svg(input))
        #expect(diff.firesAdded > 0 && diff.firesRemoved > 0 && diff.firesMoved > 0)
        // The poll's removed fires share pixel columns: a strip, its counts summing to them.
        #expect(marks.densityFires["removed", default: 0] > 1_000)
        #expect(marks["added", default: 0] == diff.firesAdded)
        #expect(marks["removed", default: 0] == diff.firesRemoved)
        #expect(marks["moved", default: 0] == diff.firesMoved)
        #expect(marks["unchanged", default: 0] + diff.firesAdded + diff.firesMoved == new.fires.count)
    }

    /// A plan of `count` fires of one trigger, a minute apart from 2026-11-23T00:00Z, and one sparse
    /// trigger beside it.
    static func densePlan(_ count: Int) -> Plan {
        let start: Int64 = 1_795_392_000
        var fires = (0..<count).map { i in
            let at = start + Int64(i) * 60
            return Fire(at: Instant(secondsSinceEpoch: at), trigger: "tick", offset: 0, nominalWall: at)
        }
        for k in 0..<5 {
            let at = start + Int64(count) * 60 * Int64(k) / 5 + 30
            fires.append(Fire(at: Instant(secondsSinceEpoch: at), trigger: "daily", offset: 0, nominalWall: at))
        }
        fires.sort { ($0.at, $0.trigger) < ($1.at, $1.trigger) }
        let window = Window(from: Instant(secondsSinceEpoch: start), to: Instant(secondsSinceEpoch: start + Int64(count) * 60))
        return Plan(
            spec: SpecInfo(name: "dense", sha256: nil), window: window, tzdata: "2025b", limits: PlanLimits(),
            triggers: ["tick": PlanTrigger(kind: "every"), "daily": PlanTrigger(kind: "every")], fires: fires)
    }

    @Test func aHundredThousandFiresAreAggregatedAndSmall() throws {
        let plan = Self.densePlan(100_000)
        let svg = try TimelineRenderer.svg(RenderInput(plan: plan, title: "dense"))
        #expect(svg.utf8.count < 300_000, "\(svg.utf8.count) bytes")
        let marks = try MarkCounter.count(svg)
        #expect(marks["fire", default: 0] == plan.fires.count)
        // The dense lane is a strip; the sparse one keeps its five marks.
        #expect(marks.densityFires["fire", default: 0] == 100_000)
        #expect(marks.markElements["fire", default: 0] == 5)
        // The same bytes twice.
        #expect(try TimelineRenderer.svg(RenderInput(plan: plan, title: "dense")) == svg)
    }

    @Test func longIdsAreCutInTheMarginAndWholeInTheirTooltip() throws {
        let id = String(repeating: "a", count: 60) + "-end"
        let start = Instant(secondsSinceEpoch: 1_795_392_000)
        let plan = Plan(
            spec: SpecInfo(name: "<&\"'>", sha256: nil),
            window: Window(from: start, to: Instant(secondsSinceEpoch: 1_795_392_000 + 86_400)),
            tzdata: "2025b", limits: PlanLimits(), triggers: [id: PlanTrigger(kind: "once")],
            fires: [Fire(at: start, trigger: id, offset: 0, nominalWall: start.secondsSinceEpoch)])
        let svg = try TimelineRenderer.svg(RenderInput(plan: plan, title: "a <b> & \u{7}c"))
        #expect(svg.contains("<title>\(id)</title>" + String(repeating: "a", count: 25) + "…</text>"))
        // A control character is shown as XMLText shows it in every XML writer, `\u{7}`.
        #expect(svg.contains(#"a &lt;b&gt; &amp; \u{7}c"#))
        #expect(try MarkCounter.count(svg)["fire", default: 0] == 1)
    }

    @Test func aThousandFiresStayMarksWhereTheyFit() throws {
        // 1,000 fires a minute apart over 1,000 columns: one per column, drawn as marks.
        let plan = Self.densePlan(1_000)
        let marks = try MarkCounter.count(try TimelineRenderer.svg(RenderInput(plan: plan, title: "thousand")))
        #expect(marks["fire", default: 0] == plan.fires.count)
        #expect(marks.markElements["fire", default: 0] == plan.fires.count)
    }
}

/// Counts the fires an SVG draws, by class: one per mark element (`class="fire"`, `"added"`, …),
/// plus the `data-n` counts of the density strips (`class="density density-fire"`). Parsing fails
/// the test when the text is not well-formed XML.
final class MarkCounter: NSObject, XMLParserDelegate {
    struct Counts {
        var markElements: [String: Int] = [:]
        var densityFires: [String: Int] = [:]
        subscript(kind: String, default value: Int) -> Int {
            markElements[kind, default: value] + densityFires[kind, default: 0]
        }
    }

    var counts = Counts()
    var density: [String] = []

    static func count(_ text: String) throws -> Counts {
        // The HTML is XHTML-compatible but for its doctype; parse its SVG element alone.
        var svg = Substring(text)
        if let start = text.range(of: "<svg"), let end = text.range(of: "</svg>") { svg = text[start.lowerBound..<end.upperBound] }
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = MarkCounter()
        parser.delegate = counter
        guard parser.parse() else {
            throw ParseFailure(message: "\(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        return counter.counts
    }

    struct ParseFailure: Error { var message: String }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let classes = (attributes["class"] ?? "").split(separator: " ").map(String.init)
        if name == "g" {
            density.append(classes.first { $0.hasPrefix("density-") }.map { String($0.dropFirst("density-".count)) } ?? "")
            return
        }
        if let kind = density.last, !kind.isEmpty, let n = attributes["data-n"].flatMap(Int.init) {
            counts.densityFires[kind, default: 0] += n
            return
        }
        if classes.contains("key") { return } // the legend's samples
        for kind in ["fire", "unchanged", "added", "removed", "moved"] where classes.contains(kind) {
            counts.markElements[kind, default: 0] += 1
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { density.removeLast() }
    }
}
