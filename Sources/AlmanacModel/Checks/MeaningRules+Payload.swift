import AlmanacJSON
import AlmanacVocabulary

extension MeaningRules {
    // MARK: Payloads against their declared shape

    /// A payload value against `payloads:`: a value of another type is an error (E0261), a key that
    /// is not declared a warning (W0620) — unless it is one of the notification's own keys
    /// (`NotificationKeys`), which the phone adapter reads. `owner` names where it is written ("trigger 'x'",
    /// "`defaults`"). The YAML front end calls this with each value's place; `Schedule.validate()`
    /// with the trigger's.
    package static func payloadValue(
        _ key: String, _ value: JSONValue, of owner: String, shape: PayloadShape, at range: SourceRange?
    ) -> Diagnostic? {
        guard let field = shape.field(key) else {
            return NotificationKeys.documented.contains(key) ? nil : Diagnostic(.payloadKeyUndeclared(key, of: owner), at: range)
        }
        // A null is the key left out: every accessor is optional.
        guard value != .null, !field.type.accepts(value) else { return nil }
        return Diagnostic(.payloadValueType(key, of: owner, value: JSONWriter.inline(value), declared: "\(field.type)"), at: range)
    }

    /// `swift.type_name`: an UpperCamelCase ASCII Swift name, so that `NameTrigger` is one too.
    package static func swiftTypeName(_ name: String, at range: SourceRange?) -> Diagnostic? {
        let ascii = name.unicodeScalars
        guard let first = ascii.first, ("A"..."Z").contains(first),
            ascii.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else { return Diagnostic(.swiftTypeNameForm(name), at: range) }
        return nil
    }
}
