import AlmanacTime
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

@Suite struct DurationSyntaxTests {
    private func seconds(_ text: String, sign: ValueSyntax.DurationSign = .positive) -> Int? {
        ValueSyntax.duration(text, sign: sign).value.map { Int($0.seconds) }
    }

    @Test func shortFormsAndCombinations() {
        #expect(seconds("90s") == 90)
        #expect(seconds("15m") == 15 * 60)
        #expect(seconds("2h") == 2 * 3600)
        #expect(seconds("1d") == 86_400)
        #expect(seconds("1w") == 7 * 86_400)
        #expect(seconds("1h30m") == 5400)
        #expect(seconds("1d12h") == 36 * 3600)
        let expected = 9 * 86_400 + 3 * 3600 + 4 * 60 + 5
        #expect(seconds("1w2d3h4m5s") == expected)
    }

    @Test func isoForms() {
        #expect(seconds("PT15M") == 900)
        #expect(seconds("P1D") == 86_400)
        #expect(seconds("P1DT2H") == 86_400 + 7200)
        #expect(seconds("P2W") == 14 * 86_400)
        #expect(seconds("pt1h30m") == 5400)
        #expect(seconds("PT90S") == 90)
    }

    @Test func signsFollowTheCallersFlag() {
        expectError(ValueSyntax.duration("0s").error, .invalidDuration, "^^", message: "greater than zero")
        #expect(seconds("0s", sign: .nonNegative) == 0)
        expectError(ValueSyntax.duration("-5m", sign: .nonNegative).error, .invalidDuration, "^^^", message: "negative")
        #expect(seconds("-5m", sign: .any) == -300)
        #expect(seconds("-PT5M", sign: .any) == -300)
    }

    @Test func errorsSayWhatToWrite() {
        expectError(ValueSyntax.duration("30min").error, .invalidDuration, "  ^^^", message: "write '30m'")
        expectError(ValueSyntax.duration("2H").error, .invalidDuration, " ^", message: "write '2h'")
        expectError(ValueSyntax.duration("90").error, .invalidDuration, "^^", message: "needs a unit")
        expectError(ValueSyntax.duration("30m1h").error, .invalidDuration, "    ^", message: "largest to smallest")
        expectError(ValueSyntax.duration("1h1h").error, .invalidDuration, "   ^", message: "twice")
        expectError(ValueSyntax.duration("1.5h").error, .invalidDuration, "^^", message: "fractions")
        expectError(ValueSyntax.duration("P1M").error, .invalidDuration, " ^^", message: "months have no fixed length")
        expectError(ValueSyntax.duration("P1Y").error, .invalidDuration, " ^^", message: "years")
        expectError(ValueSyntax.duration("P1H").error, .invalidDuration, "  ^", message: "after T")
        expectError(ValueSyntax.duration("PT").error, .invalidDuration, "^^", message: "incomplete")
        expectError(ValueSyntax.duration("").error, .invalidDuration, "^")
        expectError(ValueSyntax.duration("soon").error, .invalidDuration, "^^^^")
    }

    @Test func calendarUnitsAndSpacedUnitsSayWhatToWrite() {
        expectError(ValueSyntax.duration("1 month").error, .invalidDuration, "^^^^^^^", message: "months have no fixed length")
        expectError(ValueSyntax.duration("2months").error, .invalidDuration, " ^^^^^^", message: "write days or weeks")
        expectError(ValueSyntax.duration("1y").error, .invalidDuration, " ^", message: "years have no fixed length")
        expectError(
            ValueSyntax.duration("1 hour").error, .invalidDuration, "^^^^^^", message: "write the unit right after the number: '1h'")
        expectError(ValueSyntax.duration("90 s").error, .invalidDuration, "^^^^", message: "'90s'")
        expectError(ValueSyntax.duration("-5m").error, .invalidDuration, "^^^", message: "write '5m'")
    }
}
