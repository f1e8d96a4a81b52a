import AlmanacCommandLine
import AlmanacModel
import Testing

/// One duration grammar: every duration a spec accepts (`horizon: 1w`, `every: PT12H`) means the
/// same seconds on the executor's command line (`--grace 1w`); the command line adds fractions of a
/// second and bare seconds, and still refuses what makes no sense.
@Suite struct DurationGrammarTests {
    static let specForms = [
        "1s", "90s", "15m", "2h", "1d", "1w", "2w", "1h30m", "1d12h", "1w2d3h4m5s", "PT15M", "PT12H",
        "P1D", "P2W", "P1DT2H", "PT0S", "0s", "36h", "10080m",
    ]

    @Test(arguments: specForms)
    func theSpecsFormsMeanTheSameSeconds(_ text: String) throws {
        guard case .success(let span) = ValueSyntax.duration(text, sign: .nonNegative) else {
            Issue.record("the spec grammar refuses \(text)")
            return
        }
        #expect(TimeArgument.duration(text) == Double(span.seconds), "\(text)")
    }

    @Test func theCommandLinesAdditionsAndRefusals() {
        #expect(TimeArgument.duration("0.5s") == 0.5)
        #expect(TimeArgument.duration("30") == 30)
        for bad in ["inf", "nan", "-5s", "1y", "", "s", "P", "1w and a bit", "200000d"] {
            #expect(TimeArgument.duration(bad) == nil, "\(bad)")
        }
    }
}
