/// E026x and the payload and generated-code part of E062x/W062x: what an app reads of a spec — its
/// declared payload shape (`payloads:`) and the Swift types generated from it.
extension DiagnosticMessage {
    // MARK: E0260 payloadTypeUnknown

    /// `hint` is a did-you-mean, or empty.
    package static func payloadTypeUnknown(_ key: String, _ written: String, hint: String) -> DiagnosticMessage {
        .init(
            .payloadTypeUnknown,
            "unknown type '\(written)' for payload key '\(key)'; write string, int, number, bool, or a list of one of them ([string])"
                + hint)
    }

    // MARK: E0261 payloadValueType

    /// `owner` is "trigger 'standup'" or "`defaults`".
    package static func payloadValueType(_ key: String, of owner: String, value: String, declared: String) -> DiagnosticMessage {
        .init(
            .payloadValueType,
            "payload key '\(key)' of \(owner) is \(value), but `payloads` declares it \(declared); "
                + "write a value of that type, or change the declaration")
    }

    // MARK: W0620 payloadKeyUndeclared

    package static func payloadKeyUndeclared(_ key: String, of owner: String) -> DiagnosticMessage {
        .init(
            .payloadKeyUndeclared,
            "payload key '\(key)' of \(owner) is not declared under `payloads`: the generated payload type has no "
                + "accessor for it; declare it (`\(key): string`, or its type) or remove it")
    }

    // MARK: W0621 payloadShapeMissing

    package static func payloadShapeMissing(keys: String) -> DiagnosticMessage {
        .init(
            .payloadShapeMissing,
            "the triggers carry payload keys (\(keys)) but the spec declares no `payloads`: the generated payload type has "
                + "no typed accessors; declare each key the app reads with its type (`payloads: {title: string}`)")
    }

    // MARK: E0620 generatedTypeNameCollision

    package static func generatedTypeNameCollision(_ typeName: String, first: String, second: String) -> DiagnosticMessage {
        .init(
            .generatedTypeNameCollision,
            "\(first) and \(second) both generate the types \(typeName)Trigger, \(typeName)FireID and \(typeName)Payload in one "
                + "target; rename one file, or give one `swift: {type_name: …}`")
    }

    // MARK: E0621 payloadAccessorUnavailable

    package static func payloadAccessorsCollide(_ first: String, _ second: String, swiftName: String) -> DiagnosticMessage {
        .init(
            .payloadAccessorUnavailable,
            "payload keys '\(first)' and '\(second)' both become the Swift property '\(swiftName)'; rename one of them")
    }

    package static func payloadAccessorNameless(_ key: String) -> DiagnosticMessage {
        .init(
            .payloadAccessorUnavailable,
            "payload key '\(key)' has no letter or digit to make a Swift name of; rename it, or read it with `payload[\"…\"]`")
    }
}
