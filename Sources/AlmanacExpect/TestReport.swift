import AlmanacEscaping
import AlmanacModel

/// What `almanac test` found for one spec: problems that kept assertions from running (in the spec
/// or its expectation file), and each assertion's result.
public struct SpecTestReport: Sendable {
    public var spec: String
    /// The expectation file, when it could be read.
    public var expectations: SourceFile?
    /// Errors of the spec, of the expectation file, or of compiling the window, each with its file.
    public var problems: [(SourceFile, [Diagnostic])]
    public var results: [AssertionResult]

    public init(spec: String, expectations: SourceFile?, problems: [(SourceFile, [Diagnostic])], results: [AssertionResult]) {
        self.spec = spec
        self.expectations = expectations
        self.problems = problems.filter { !$0.1.isEmpty }
        self.results = results
    }

    public var errorCount: Int { problems.reduce(0) { $0 + $1.1.count { $0.severity == .error } } }
    public var failed: Int { results.count { !$0.passed } }
    public var passed: Int { results.count { $0.passed } }
    public var isSuccess: Bool { errorCount == 0 && failed == 0 }

    /// Every diagnostic with its file, problems first, then failures in file order.
    public var diagnostics: [(SourceFile, [Diagnostic])] {
        var out = problems
        if let expectations {
            let failures = results.flatMap(\.failures)
            if !failures.isEmpty { out.append((expectations, failures)) }
        }
        return out
    }
}

/// JUnit XML for CI test reports: a suite per spec, a test case per assertion (its failures as
/// `<failure>`, each in the text form with its excerpt), and a case `expectations` with an `<error>`
/// when the spec or its expectation file has errors.
public enum JUnitReport {
    public static func render(_ reports: [SpecTestReport]) -> String {
        let renderer = DiagnosticRenderer(format: .text)
        var tests = 0, failures = 0, errors = 0
        var suites = ""
        for report in reports {
            let broken = report.errorCount > 0 ? 1 : 0
            let count = report.results.count + broken
            tests += count
            failures += report.failed
            errors += broken
            let file = report.expectations?.path ?? report.spec
            suites +=
                "  <testsuite name=\"\(XMLText.attribute(report.spec))\" file=\"\(XMLText.attribute(file))\" tests=\"\(count)\" "
                + "failures=\"\(report.failed)\" errors=\"\(broken)\">\n"
            if broken > 0 {
                let text = report.problems.map { renderer.render($0.1, in: $0.0) }.joined()
                let first = report.problems.first { !$0.1.isEmpty }?.1.first
                suites += "    <testcase name=\"expectations\" classname=\"\(XMLText.attribute(report.spec))\">\n"
                suites +=
                    "      <error type=\"\(first?.code.rawValue ?? "")\" message=\"\(XMLText.attribute(first?.message ?? ""))\">"
                    + XMLText.content(text) + "</error>\n"
                suites += "    </testcase>\n"
            }
            for result in report.results {
                let line = result.assertion.range.start.line
                let head =
                    "    <testcase name=\"\(XMLText.attribute(result.assertion.name))\" classname=\"\(XMLText.attribute(report.spec))\" "
                    + "file=\"\(XMLText.attribute(file))\" line=\"\(line)\""
                if result.passed {
                    suites += head + "/>\n"
                    continue
                }
                suites += head + ">\n"
                let text = report.expectations.map { renderer.render(result.failures, in: $0) } ?? ""
                let first = result.failures[0]
                suites +=
                    "      <failure type=\"\(first.code.rawValue)\" message=\"\(XMLText.attribute(first.message))\">"
                    + XMLText.content(text)
                    + "</failure>\n"
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"almanac test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
            + suites + "</testsuites>\n"
    }
}
