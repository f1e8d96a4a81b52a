import AlmanacJSON

/// A value a notification's `userInfo` can carry: property-list types only. `userInfo` is stored
/// with the request, so its values must be property-list objects; JSON's `null` is not one
/// (`NSNull` makes the add fail), so a null is left out: a key that is null reads as absent.
public indirect enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// `json` as a property list; nil for `null`. Members that are null are left out of arrays and
    /// objects. A whole number that fits `Int` is an integer, another finite number a real, and a
    /// number neither can hold (`1e400`) its text.
    public init?(_ json: JSONValue) {
        switch json {
        case .null: return nil
        case .string(let text): self = .string(text)
        case .bool(let value): self = .bool(value)
        case .number(let text):
            if let whole = Int(text) {
                self = .integer(whole)
            } else if let real = Double(text), real.isFinite {
                self = .real(real)
            } else {
                self = .string(text)
            }
        case .array(let items): self = .array(items.compactMap(PropertyListValue.init))
        case .object(let members): self = .dictionary(members.compactMapValues(PropertyListValue.init))
        }
    }

    /// The value as Foundation-free Swift values (`String`, `Int`, `Double`, `Bool`, `[Any]`,
    /// `[String: Any]`), which bridge to the property-list classes `userInfo` holds on Apple platforms.
    public var anyValue: Any {
        switch self {
        case .string(let text): return text
        case .integer(let value): return value
        case .real(let value): return value
        case .bool(let value): return value
        case .array(let items): return items.map(\.anyValue)
        case .dictionary(let members): return members.mapValues(\.anyValue)
        }
    }

    /// A payload as `userInfo` values: each key that is not null.
    public static func userInfo(_ payload: [String: JSONValue]) -> [String: PropertyListValue] {
        payload.compactMapValues(PropertyListValue.init)
    }
}
