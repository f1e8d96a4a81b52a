import AlmanacJSON

/// The payload keys an app reads, and their types: the spec's `payloads:`. Every trigger's payload
/// is checked against it, and the generated Swift payload type has one accessor per key, so that
/// type follows the declaration — never the values the triggers happen to hold (a `badge: 2.5`
/// somewhere is an error at that value, not an accessor that turns into `Double?`).
public struct PayloadShape: Hashable, Sendable {
    /// One declared key.
    public struct Field: Hashable, Sendable {
        public var key: String
        public var type: PayloadType
        /// `doc:`, the generated accessor's documentation.
        public var doc: String?
        /// Where the key is declared.
        public var range: SourceRange?

        public init(key: String, type: PayloadType, doc: String? = nil, range: SourceRange? = nil) {
            self.key = key
            self.type = type
            self.doc = doc
            self.range = range
        }
    }

    /// Sorted by key (UTF-8), so generated code does not depend on the order written.
    public var fields: [Field]

    public init(fields: [Field]) {
        self.fields = fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    public func field(_ key: String) -> Field? { fields.first { $0.key == key } }
}

/// A declared payload value's type: `string`, `int`, `number`, `bool`, or a list of one of them
/// (`[string]`).
public indirect enum PayloadType: Hashable, Sendable, CustomStringConvertible {
    case string, int, number, bool
    case list(PayloadType)

    /// The scalar types by name, as a spec writes them.
    public static let scalarNames: [String: PayloadType] = ["string": .string, "int": .int, "number": .number, "bool": .bool]

    /// `string`, `[int]`.
    public var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .number: return "number"
        case .bool: return "bool"
        case .list(let element): return "[\(element)]"
        }
    }

    /// Whether `value` has this type; a `number` accepts whole numbers too, an `int` only them.
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.bool, .bool), (.number, .number): return true
        case (.int, .number(let text)): return Int(text) != nil
        case (.list(let element), .array(let items)): return items.allSatisfy(element.accepts)
        default: return false
        }
    }
}
