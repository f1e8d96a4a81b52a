/// The value nodes of the common fields written in one mapping, found in a single pass over its
/// pairs (twelve lookups would scan the pairs twelve times, for fields most triggers never write).
/// Stored inline, so reading a trigger allocates nothing here.
struct CommonNodes {
    var timezone: YAMLNode?
    var start: YAMLNode?
    var end: YAMLNode?
    var count: YAMLNode?
    var except: YAMLNode?
    var during: YAMLNode?
    var jitter: YAMLNode?
    var invalidDates: YAMLNode?
    var payload: YAMLNode?
    var priority: YAMLNode?
    var enabled: YAMLNode?
    var dst: YAMLNode?

    /// The first value of each common key in `m`, as `m[key]` would give it.
    init(_ m: MappingReader) {
        for pair in m.pairs {
            guard case .scalar(let key) = pair.key.content,
                  let i = KeyMatching.index(of: key, in: CommonFields.keys) else { continue }
            let v = pair.value
            // Cases follow the order of `CommonFields.keys`.
            switch i {
            case 0: if timezone == nil { timezone = v }
            case 1: if start == nil { start = v }
            case 2: if end == nil { end = v }
            case 3: if count == nil { count = v }
            case 4: if except == nil { except = v }
            case 5: if during == nil { during = v }
            case 6: if jitter == nil { jitter = v }
            case 7: if invalidDates == nil { invalidDates = v }
            case 8: if payload == nil { payload = v }
            case 9: if priority == nil { priority = v }
            case 10: if enabled == nil { enabled = v }
            default: if dst == nil { dst = v }
            }
        }
    }
}
