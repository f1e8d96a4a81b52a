import AlmanacTime
import Foundation
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// Every zone name the IANA database has is accepted under its own spelling, including the legacy
/// names that look like abbreviations (`CET`, `EST5EDT`); the fixed-offset ones (`EST`, `MST`,
/// `HST`) draw a warning naming the region people usually mean; abbreviations that are no zone
/// (`PST`, `CEST`) are errors with a suggestion.
@Suite struct ZoneNameTests {
    static func diagnostics(zone: String) -> [Diagnostic] {
        let yaml = "version: 1\ntimezone: \(zone)\ntriggers:\n  t: {calendar: {at: \"09:00\"}}\n"
        return SpecLoader.load(SourceFile(path: "z.yaml", bytes: Array(yaml.utf8))).diagnostics
    }

    @Test func everyKnownIdentifierAndLegacyZoneIsAccepted() {
        let names = TimeZone.knownTimeZoneIdentifiers + ZoneNames.legacyZones.sorted() + ["US/Eastern", "Etc/GMT+5", "UTC", "GMT"]
        var refused: [String] = []
        for name in names where Self.diagnostics(zone: name).contains(where: { $0.severity == .error }) { refused.append(name) }
        #expect(refused.isEmpty, "refused: \(refused)")
    }

    /// A known name with anything after it, or a byte no zone name has, is no zone: Foundation looks
    /// a name up to its first NUL and hands it back whole (a fuzzed crontab's `CRON_TZ=` went into a
    /// spec so).
    @Test(arguments: ["Europe/Paris\0", "Europe/Paris\0\0\0x", "Europe/Paris\n", "Europe/Paris ", "Europe/\u{202E}Paris", "UTC\0"])
    func aNameWithOtherBytesIsNoZone(_ name: String) {
        // Looked up once under its own name first: what made the longer name pass.
        _ = TimeZone(identifier: "Europe/Paris")
        #expect(!ZoneNames.isKnown(name), "\(name.debugDescription)")
    }

    @Test(arguments: ["CET", "EET", "WET", "MET", "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT"])
    func legacyZonesFollowDaylightSaving(_ name: String) throws {
        #expect(Self.diagnostics(zone: name).isEmpty)
        let table = try #require(
            OffsetTable(zone: name, covering: Instant(secondsSinceEpoch: 1_767_225_600), to: Instant(secondsSinceEpoch: 1_798_761_600)))
        let winter = table.offset(at: Instant(secondsSinceEpoch: 1_767_225_600)) // 2026-01-01
        let summer = table.offset(at: Instant(secondsSinceEpoch: 1_783_000_000)) // 2026-07-02
        #expect(summer == winter + 3_600, "\(name): \(winter) / \(summer)")
    }

    @Test(arguments: [("EST", "America/New_York"), ("MST", "America/Denver"), ("HST", "Pacific/Honolulu")])
    func fixedOffsetZonesWarnAndNameTheRegion(_ name: String, _ meant: String) {
        let found = Self.diagnostics(zone: name)
        #expect(found.count == 1)
        #expect(found.first?.code == .fixedOffsetZone)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("'\(meant)'") == true)
        #expect(found.first?.message.contains("never changes for daylight saving") == true)
    }

    @Test(arguments: [("PST", "America/Los_Angeles"), ("CEST", "Europe/Paris"), ("BST", nil as String?)])
    func abbreviationsAreErrorsWithASuggestion(_ name: String, _ meant: String?) {
        let found = Self.diagnostics(zone: name)
        #expect(found.first?.code == .unknownTimeZone)
        if let meant { #expect(found.first?.message.contains("'\(meant)'") == true, "\(found.first?.message ?? "")") }
    }
}
