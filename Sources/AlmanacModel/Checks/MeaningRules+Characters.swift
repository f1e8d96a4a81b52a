import AlmanacEscaping
import AlmanacJSON

/// Where in a payload entry a character was found, for the caller to locate it.
package enum PayloadPlace: Sendable {
    case key
    case value
    /// An item of a list value.
    case item(Int)
    /// A key of an object value (an environment variable's name).
    case memberKey(String)
    /// The value under a key of an object value.
    case memberValue(String)
}

extension MeaningRules {
    // MARK: Characters

    /// The first character `field` refuses in `text` (`TextField.accepts`); `locate` turns its
    /// offset (Unicode scalars) into a place, or nil.
    package static func characters(
        _ text: String, in field: TextField, key: String = "", argument: Int = 0, at locate: (Int) -> SourceRange?
    ) -> Diagnostic? {
        guard let (scalar, kind, offset) = field.refused(in: text) else { return nil }
        return Diagnostic(
            .controlCharacter(in: field, key: key, argument: argument, scalar, kind: kind, offset: offset), at: locate(offset))
    }

    /// One entry of a trigger's (or `defaults`') payload: its key, and the values that reach other
    /// tools' files — `command` (a string, or a list of arguments), `environment` (portable names,
    /// one-line values), `title` and `body`. Other values reach only JSON and quoted YAML, which
    /// hold any character. `locate` gives the place of a character at an offset of a part.
    package static func payloadEntry(
        _ key: String, _ value: JSONValue, at locate: (PayloadPlace, Int) -> SourceRange?
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let d = characters(key, in: .payloadKey, key: key, at: { locate(.key, $0) }) { found.append(d) }
        switch (key, value) {
        case ("environment", .object(let members)):
            for name in JSONWriter.sortedKeys(members) {
                if !EnvironmentName.isPortable(name) {
                    found.append(Diagnostic(.environmentNameInvalid(name), at: locate(.memberKey(name), 0)))
                }
                if case .string(let text)? = members[name],
                    let d = characters(text, in: .environmentValue, key: name, at: { locate(.memberValue(name), $0) })
                {
                    found.append(d)
                }
            }
        case ("command", .array(let items)):
            for (i, item) in items.enumerated() {
                guard case .string(let text) = item else { continue }
                if let d = characters(text, in: .commandArgument, argument: i, at: { locate(.item(i), $0) }) { found.append(d) }
            }
        case (_, .string(let text)):
            if let field = TextField.payloadValue(key), let d = characters(text, in: field, key: key, at: { locate(.value, $0) }) {
                found.append(d)
            }
        default: break
        }
        return found
    }
}
