import AlmanacJSON
import Testing

/// The strict JSON reader: what it accepts, what it rejects, and where it says the problem is.
@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try JSONReader.parse(#" {"a": [1, -2.5e+3, true, false, null], "b": {"c": "d"}, "e": 0, "f": -0.0} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number("1"), .number("-2.5e+3"), .bool(true), .bool(false), .null]),
                    "b": .object(["c": .string("d")]),
                    "e": .number("0"),
                    "f": .number("-0.0"),
                ]))
    }

    @Test func keepsNumberLiteralsExactly() throws {
        let value = try JSONReader.parse("[1E400, 0.1000000000000000055511151231257827, 123456789012345678901234567890]")
        #expect(
            value
                == .array([
                    .number("1E400"), .number("0.1000000000000000055511151231257827"),
                    .number("123456789012345678901234567890"),
                ]))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONReader.parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4e2D", "\ud83d\ude00", "café 😀"]"#)
        #expect(value == .array([.string("\"\\/\u{08}\u{0C}\n\r\t"), .string("é中"), .string("😀"), .string("café 😀")]))
    }

    @Test func scalarsAtTopLevel() throws {
        #expect(try JSONReader.parse("\"x\"") == .string("x"))
        #expect(try JSONReader.parse(" 42\n") == .number("42"))
        #expect(try JSONReader.parse("null") == .null)
    }

    @Test(arguments: [
        ("", "1:1: unexpected end of input; expected a value"),
        ("{\"a\": 1,}", "1:9: unexpected '}'; expected a string"),
        ("[1,]", "1:4: unexpected ']'; expected a value"),
        ("[1 2]", "1:4: unexpected '2'; expected ',' or ']'"),
        ("{\"a\" 1}", "1:6: unexpected '1'; expected ':' after an object key"),
        ("{\"a\": 1} x", "1:10: unexpected text after the JSON value"),
        ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key \"a\""),
        ("[01]", "1:3: leading zeros are not allowed in numbers"),
        ("[1.]", "1:4: a digit must follow the decimal point"),
        ("[1e]", "1:4: a digit must follow the exponent"),
        ("[-]", "1:3: a number needs a digit here"),
        ("[+1]", "1:2: unexpected '+'; expected a value"),
        ("[NaN]", "1:2: unexpected 'N'; expected a value"),
        ("[tru]", "1:2: invalid literal; expected 'true'"),
        ("'a'", "1:1: unexpected '''; expected a value"),
        ("\"a\tb\"", "1:3: control character byte 0x09 must be escaped inside a string"),
        ("\"\\x\"", "1:2: invalid escape sequence in a string"),
        ("\"\\u12G4\"", "1:6: \\u must be followed by four hex digits"),
        ("\"\\ud83d\"", "1:2: lone high surrogate \\uD83D in a string"),
        ("\"\\ud83dx\"", "1:2: lone high surrogate \\uD83D in a string"),
        ("\"\\ude00\"", "1:2: lone low surrogate \\uDE00 in a string"),
        ("\"\\ud83d\\u0041\"", "1:2: high surrogate \\uD83D is not followed by a low surrogate"),
        ("[\"abc", "1:6: unexpected end of input inside a string"),
        ("{\"a\": [1, 2\n", "2:1: unexpected end of input; expected ',' or ']'"),
        ("[1,\n  2,\n  @]", "3:3: unexpected '@'; expected a value"),
        ("[\"é\", x]", "1:7: unexpected 'x'; expected a value"),
    ])
    func rejectsWithPosition(text: String, expected: String) {
        #expect(throws: JSONReadError.self) { try JSONReader.parse(text) }
        do {
            _ = try JSONReader.parse(text)
        } catch let error as JSONReadError {
            #expect(error.description == expected)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test(arguments: [
        [0x22, 0xC3, 0x22] as [UInt8], // truncated two-byte sequence
        [0x22, 0xC0, 0xAF, 0x22], // overlong '/'
        [0x22, 0xE0, 0x80, 0xAF, 0x22], // overlong three-byte form
        [0x22, 0xED, 0xA0, 0x80, 0x22], // UTF-8-encoded surrogate D800
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // past U+10FFFF
        [0x22, 0xFF, 0x22],
        [0x22, 0x80, 0x22], // stray continuation byte
    ])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONReadError.self) { try JSONReader.parse(bytes) }
    }

    @Test func rejectsByteOrderMark() {
        #expect(throws: JSONReadError.self) { try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: JSONReadError.self) { try JSONReader.parse(deep, maxDepth: 39) }
        #expect(try JSONReader.parse(deep, maxDepth: 40) != .null)
        // The default limit stops hostile input long before the stack would.
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReadError.self) { try JSONReader.parse(hostile) }
    }

    @Test func roundTripsThroughTheCanonicalWriter() throws {
        let original: JSONValue = .object([
            "z": .array([.number("1.50"), .string("tab\there \u{1}")]), "a": .null,
            "ü": .object([:]), "e": .array([]),
        ])
        let text = JSONWriter.inline(original)
        #expect(try JSONReader.parse(text) == original)
        #expect(text == #"{"a": null, "e": [], "z": [1.50, "tab\there \u0001"], "ü": {}}"#)
    }
}
