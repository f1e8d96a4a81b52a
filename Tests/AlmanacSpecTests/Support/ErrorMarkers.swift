import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// Reads a caret line written under a value: the first `^` is the offset, the run of `^` the length.
///
///     expectSpan(error, "0 0 * 13 *",
///                       "      ^^  ")
func caretSpan(_ marker: String) -> (offset: Int, length: Int) {
    let scalars = Array(marker.unicodeScalars)
    guard let start = scalars.firstIndex(of: "^") else { return (0, 0) }
    var end = start
    while end < scalars.count, scalars[end] == "^" { end += 1 }
    return (start, end - start)
}

/// Expects exactly one error with `code` whose span is the carets under the text, and whose message
/// contains `message` when given.
func expectSingleError(
    _ errors: [SyntaxError], _ code: DiagnosticCode, _ marker: String,
    message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(errors.count == 1, "expected one error, got \(errors.map(\.message))", sourceLocation: sourceLocation)
    guard let e = errors.first else { return }
    expectError(e, code, marker, message: message, sourceLocation: sourceLocation)
}

/// Expects `error` to have `code`, the caret span of `marker`, and a message containing `message`.
func expectError(
    _ error: SyntaxError?, _ code: DiagnosticCode, _ marker: String,
    message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else {
        Issue.record("expected an error \(code), got none", sourceLocation: sourceLocation)
        return
    }
    let span = caretSpan(marker)
    #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
    #expect(
        error.offset == span.offset && error.length == span.length,
        "span \(error.offset)+\(error.length), expected \(span.offset)+\(span.length): \(error.message)",
        sourceLocation: sourceLocation)
    if let message {
        #expect(error.message.contains(message), "message: \(error.message)", sourceLocation: sourceLocation)
    }
}
