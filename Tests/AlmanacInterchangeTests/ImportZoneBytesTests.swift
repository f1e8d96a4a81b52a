import AlmanacInterchange
import Foundation
import AlmanacModel
import Testing

/// A zone name that is a known one plus bytes no zone name has (a NUL, a line break) is refused where
/// it stands, in every format that names a zone, and nothing is written: the name was once taken for
/// the known zone and written into the spec as it stood (the fuzzer's crontab, `CRON_TZ=` with NULs).
@Suite struct ImportZoneBytesTests {
    @Test(arguments: ["Europe/Paris\0", "Europe/Paris\0\0x", "Europe/Paris\u{7}"])
    func aCrontabZoneWithOtherBytesIsRefusedOnItsLine(_ zone: String) throws {
        // The zone looked up once under its own name first, as in the fuzzer's file (line 11 of it).
        let text = "CRON_TZ=Europe/Paris\n0 8 * * * echo a\nCRON_TZ=\(zone)\n0 9 * * * echo hi\n"
        let result = Importer.run(.crontab, SourceFile(path: "c", text: text), timezone: "UTC", name: "c")
        #expect(result.spec == nil)
        let d = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(d.range?.start.line == 3, "\(result.diagnostics.map(\.message))")
    }

    @Test func aKubernetesTimeZoneWithANulIsRefused() throws {
        _ = TimeZone(identifier: "Europe/Paris")
        let text = """
            apiVersion: batch/v1
            kind: CronJob
            metadata: {name: nightly}
            spec:
              schedule: "0 9 * * *"
              timeZone: "Europe/Paris\\0"
              jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: x}], restartPolicy: Never}}}}

            """
        let result = Importer.run(.k8s, SourceFile(path: "k.yaml", text: text), timezone: "UTC", name: "k")
        #expect(result.spec == nil, "\(result.spec ?? "")")
        let d = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(d.range?.start.line == 6, "\(result.diagnostics.map(\.message))")
    }
}
