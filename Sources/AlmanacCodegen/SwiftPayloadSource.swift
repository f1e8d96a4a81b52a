import AlmanacEscaping
import AlmanacModel

/// The generated payload type: one optional accessor per key the spec declares under `payloads:`,
/// reading the dictionary a notification carries (`userInfo`), and a subscript for any key. Keys
/// that cannot become accessors (two keys, one Swift name; no letter or digit) are reported, never
/// dropped in silence.
struct SwiftPayloadSource {
    let typeName: String
    /// `internal`, `public` or `package`.
    let access: String
    let shape: PayloadShape?
    /// The accessors: Swift name and field, in key order.
    private(set) var accessors: [(name: String, field: PayloadShape.Field)] = []
    private(set) var problems: [Diagnostic] = []

    init(typeName: String, access: String, shape: PayloadShape?) {
        self.typeName = typeName
        self.access = access
        self.shape = shape
        var firstByName: [String: PayloadShape.Field] = [:]
        for field in shape?.fields ?? [] {
            guard let name = SwiftName.member(field.key) else {
                problems.append(Diagnostic(.payloadAccessorNameless(field.key), at: field.range))
                continue
            }
            let bare = SwiftName.bare(name)
            if let first = firstByName[bare] {
                problems.append(
                    Diagnostic(
                        .payloadAccessorsCollide(first.key, field.key, swiftName: bare), at: field.range,
                        notes: [Diagnostic.Note("'\(first.key)' is here", at: first.range)]))
                continue
            }
            firstByName[bare] = field
            // `init` is the struct's own; the keyword is written in backticks elsewhere.
            accessors.append((SwiftName.payloadMembers.contains(bare) ? "`\(bare)`" : name, field))
        }
    }

    var text: String {
        var out = """
            /// A fire's payload, typed as the spec declares it under `payloads:`, read from the dictionary a
            /// notification carries (`userInfo`). Every accessor is optional: a key may be absent, or hold a
            /// value of another type.
            \(access) struct \(typeName)Payload {
                private let _values: [String: Any]

                /// A notification's `userInfo` (`response.notification.request.content.userInfo`).
                \(access) init(userInfo: [AnyHashable: Any]) {
                    var values: [String: Any] = [:]
                    for (key, value) in userInfo { if let key = key.base as? String { values[key] = value } }
                    _values = values
                }

                \(access) init(_ values: [String: Any]) { _values = values }

                /// Any key's value as it arrived, declared or not.
                \(access) subscript(key: String) -> Any? { _values[key] }

            """
        for (name, field) in accessors {
            let doc = "`\(field.key)`" + (field.doc.map { ": " + $0 } ?? "") + " (\(field.type))."
            // A `doc:` written over several lines stays several `///` lines; anything else that could
            // end the comment is shown escaped.
            out +=
                "\n"
                + doc.split(separator: "\n", omittingEmptySubsequences: false).map { "    /// \(SwiftText.commentText(String($0)))\n" }
                .joined()
            out +=
                "    \(access) var \(name): \(Self.swiftType(field.type))? { \(Self.read(field.type, SwiftText.stringLiteral(field.key))) }\n"
        }
        return out + "}\n"
    }

    /// The Swift type of a declared type.
    static func swiftType(_ type: PayloadType) -> String {
        switch type {
        case .string: return "String"
        case .int: return "Int"
        case .number: return "Double"
        case .bool: return "Bool"
        case .list(let element): return "[\(swiftType(element))]"
        }
    }

    /// The expression reading `key` as `type`: a whole number is a number too, and a list is read
    /// only when every item has the element type.
    static func read(_ type: PayloadType, _ key: String) -> String {
        switch type {
        case .number:
            return "(_values[\(key)] as? Double) ?? (_values[\(key)] as? Int).map(Double.init)"
        case .list(.number):
            return
                "(_values[\(key)] as? [Any]).flatMap { items in let values = items.compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }; return values.count == items.count ? values : nil }"
        case .list(let element):
            let swift = swiftType(element)
            return
                "(_values[\(key)] as? [Any]).flatMap { items in let values = items.compactMap { $0 as? \(swift) }; return values.count == items.count ? values : nil }"
        default:
            return "_values[\(key)] as? \(swiftType(type))"
        }
    }
}
