import AlmanacJSON
import AlmanacModel

/// `payloads:` (the payload keys an app reads, with their types) and `swift:` (how the generated
/// Swift types are named and who sees them), and every written payload checked against `payloads:`.
extension SpecValidator {
    /// `payloads: {title: string, badge: int, tags: [string], url: {type: string, doc: …}}`. Keys
    /// whose type is wrong are reported here and left out of the shape, but still count as declared
    /// (`misdeclared`), so the payloads that use them are not told so again.
    mutating func payloadShape(_ node: YAMLNode) -> (shape: PayloadShape, misdeclared: Set<String>)? {
        guard let pairs = node.mapping else {
            diagnostics.emit(
                Diagnostic(
                    .sectionNotAMapping("payloads", of: "types (string, int, number, bool, [string])", found: node.kindName), at: node.range
                ))
            return nil
        }
        var fields: [PayloadShape.Field] = []
        var misdeclared: Set<String> = []
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            misdeclared.insert(key)
            var typeNode = pair.value
            var doc: String?
            if pair.value.mapping != nil {
                guard let m = MappingReader(pair.value, "payload key '\(key)'", known: ["type", "doc"], diagnostics: &diagnostics) else {
                    continue
                }
                guard let t = m["type"] else {
                    diagnostics.emit(Diagnostic(.keysMissing("payload key '\(key)'", ["type"]), at: pair.value.range))
                    continue
                }
                typeNode = t
                if let d = m["doc"] { doc = text(d, "`doc`") }
            }
            if let type = payloadType(typeNode, key: key) {
                fields.append(PayloadShape.Field(key: key, type: type, doc: doc, range: pair.key.range))
                misdeclared.remove(key)
            }
        }
        return (PayloadShape(fields: fields), misdeclared)
    }

    /// `string`, `int`, `number`, `bool`, or a one-item list of one of them (`[string]`).
    mutating func payloadType(_ node: YAMLNode, key: String) -> PayloadType? {
        if let items = node.sequence {
            guard items.count == 1, let element = items.first, let name = element.scalar, let scalar = PayloadType.scalarNames[name] else {
                diagnostics.emit(Diagnostic(.payloadTypeUnknown(key, Self.written(node), hint: ""), at: node.range))
                return nil
            }
            return .list(scalar)
        }
        guard let name = text(node, "the type of payload key '\(key)'") else { return nil }
        if let scalar = PayloadType.scalarNames[name] { return scalar }
        let hint = Suggestion.hint(for: name, among: PayloadType.scalarNames.keys.sorted())
        diagnostics.emit(Diagnostic(.payloadTypeUnknown(key, name, hint: hint), at: node.range))
        return nil
    }

    /// A type node as written, for a message: `[strin]`, `[string, int]`.
    static func written(_ node: YAMLNode) -> String {
        guard let items = node.sequence else { return node.scalar ?? node.kindName }
        return "[" + items.map { $0.scalar ?? $0.kindName }.joined(separator: ", ") + "]"
    }

    /// Every payload value written (in `defaults:` and in each trigger) against `shape`, located at
    /// the value (an undeclared key at the key).
    mutating func checkPayloads(_ top: MappingReader, against shape: PayloadShape, skipping misdeclared: Set<String>) {
        func check(_ v: inout SpecValidator, _ payload: YAMLNode?, owner: String) {
            guard let pairs = payload?.mapping else { return }
            for pair in pairs {
                guard let key = pair.key.scalar, !misdeclared.contains(key) else { continue }
                let range = shape.field(key) == nil ? pair.key.range : pair.value.range
                if let problem = MeaningRules.payloadValue(key, v.json(pair.value), of: owner, shape: shape, at: range) {
                    v.diagnostics.emit(problem)
                }
            }
        }
        if let defaults = top["defaults"]?.mapping {
            check(&self, defaults.first { $0.key.scalar == "payload" }?.value, owner: "`defaults`")
        }
        guard let triggers = top["triggers"]?.mapping else { return }
        for trigger in triggers {
            guard let id = trigger.key.scalar, let fields = trigger.value.mapping else { continue }
            check(&self, fields.first { $0.key.scalar == "payload" }?.value, owner: "trigger '\(id)'")
        }
    }

    /// `swift: {type_name: Medication, access: public}`.
    mutating func swiftOptions(_ node: YAMLNode) -> SwiftOptions {
        var options = SwiftOptions()
        guard let m = MappingReader(node, "`swift`", known: ["type_name", "access"], diagnostics: &diagnostics) else { return options }
        if let v = m["type_name"], let name = text(v, "`swift.type_name`") {
            if let problem = MeaningRules.swiftTypeName(name, at: v.range) {
                diagnostics.emit(problem)
            } else {
                options.typeName = name
            }
        }
        if let v = m["access"], let access = choice(v, "`swift.access`", SwiftOptions.Access.self) { options.access = access }
        return options
    }
}
