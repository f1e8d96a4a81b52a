import AlmanacCompiler
import AlmanacInterchange
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// Export → import → compile gives the same fires for every trigger the export reports exact: each
/// trigger of each shipped example, alone, exported to crontab, systemd and k8s, imported back, and
/// both compiled over a window that holds both 2026 clock changes of the northern hemisphere and
/// the southern one's spring.
@Suite struct RoundTripTests {
    static let window = Window(from: RFC3339.parseInstant("2026-03-01T00:00:00Z")!, to: RFC3339.parseInstant("2026-11-15T00:00:00Z")!)
    static let options = ExportOptions(exec: "/usr/local/bin/almanac-job", image: "registry.example/jobs:1")

    static func instants(_ schedule: Schedule) throws -> [String] {
        let expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
        var out: [String] = []
        _ = try expansion.run { out.append(RFC3339.format($0.at)) }
        return out
    }

    @Test(arguments: [RuleFormat.crontab, .systemd, .k8s])
    func everyExactTriggerComesBackWithTheSameFires(_ format: RuleFormat) throws {
        var exact = 0, compared = 0
        for path in ExportGoldenTests.examples {
            let (_, schedule) = try ExportGoldenTests.load(path)
            for trigger in schedule.triggers where trigger.enabled {
                var one = schedule
                one.triggers = [trigger]
                let exported = Exporter.export(one, format: format, options: Self.options)
                guard exported.diagnostics.isEmpty, !exported.files.isEmpty else { continue }
                exact += 1
                let importFormat = try #require(ImportFormat(rawValue: format.rawValue))
                // A unit pair or manifest per trigger; the importer reads the timer or the manifest.
                let source = try #require(
                    exported.files.first { format != .systemd || $0.name.hasSuffix(".timer") }, "\(path) \(trigger.id): nothing to import")
                let imported = Importer.run(
                    importFormat, SourceFile(path: source.name, text: source.text), timezone: nil, name: "round-trip")
                let importedCleanly = !imported.hasErrors
                #expect(importedCleanly, "\(path) \(trigger.id) via \(format): \(imported.diagnostics.map(\.message))\n\(source.text)")
                guard importedCleanly else { continue }
                let spec = try #require(imported.spec)
                // Jitter is reported as a loss, so exact triggers have none on either side.
                let back = try #require(
                    SpecLoader.load(SourceFile(path: "round-trip.yaml", text: spec)).schedule, "\(path) \(trigger.id): \(spec)")
                let want = try Self.instants(one), got = try Self.instants(back)
                let same = want == got
                #expect(
                    same,
                    "\(path) \(trigger.id) via \(format): \(ImportOracleTests.difference(want, got))\n\(source.text)\n\(spec)")
                compared += want.count
            }
        }
        // Every format carries some of the examples' triggers exactly.
        #expect(exact > 0 && compared > 0)
        print("round trip via \(format): \(exact) exact triggers, \(compared) fires compared")
    }
}
