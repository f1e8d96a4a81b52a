import AlmanacCommandLine
import AlmanacTime
import Testing

/// `SOURCE_DATE_EPOCH` as both executables read it (`SourceDateEpoch`), without a process.
@Suite struct SourceDateEpochTests {
    @Test(arguments: [("0", 0), ("1795000000", 1_795_000_000), ("-86400", -86_400)])
    func anIntegerPinsNow(_ c: (String, Int64)) throws {
        let now = try SourceDateEpoch.now(environment: ["SOURCE_DATE_EPOCH": c.0]) { 42 }
        #expect(now == Instant(secondsSinceEpoch: c.1))
    }

    @Test func withoutTheVariableTheClockIsReadInWholeSeconds() throws {
        #expect(try SourceDateEpoch.now(environment: ["TZ": "UTC"]) { 1_795_000_000.999 } == Instant(secondsSinceEpoch: 1_795_000_000))
        #expect(try SourceDateEpoch.now(environment: [:]) { -0.5 } == Instant(secondsSinceEpoch: -1))
        #expect(try SourceDateEpoch.instant(nil) == nil)
    }

    @Test(arguments: ["abc", "1.5", "", " 12", "17e8", "99999999999999999999"])
    func anythingButAnIntegerIsAUsageErrorNamingTheVariable(_ value: String) {
        var clockRead = false
        #expect {
            _ = try SourceDateEpoch.now(environment: ["SOURCE_DATE_EPOCH": value]) {
                clockRead = true
                return 0
            }
        } throws: { error in
            "\(error)".contains("SOURCE_DATE_EPOCH must be whole seconds") && "\(error)".contains("'\(value)'")
        }
        #expect(!clockRead)
    }
}
