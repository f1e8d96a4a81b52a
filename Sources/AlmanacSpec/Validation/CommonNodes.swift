/// The value nodes of the common fields written in one mapping, found in a single pass over its
/// pairs (twelve lookups would scan the pairs twelve times, for fields most triggers never write).
struct CommonNodes {
    /// The first value of each of `CommonFields.keys`, in that order.
    private var slots = [YAMLNode?](repeating: nil, count: CommonFields.keys.count)

    /// The first value of each common key in `m`, as `m[key]` would give it.
    init(_ m: MappingReader) {
        for pair in m.pairs {
            guard case .scalar(let key) = pair.key.content,
                  let i = KeyMatching.index(of: key, in: CommonFields.keys), slots[i] == nil else { continue }
            slots[i] = pair.value
        }
    }

    // Slots follow the order of `CommonFields.keys`.
    var timezone: YAMLNode? { slots[0] }
    var start: YAMLNode? { slots[1] }
    var end: YAMLNode? { slots[2] }
    var count: YAMLNode? { slots[3] }
    var except: YAMLNode? { slots[4] }
    var during: YAMLNode? { slots[5] }
    var jitter: YAMLNode? { slots[6] }
    var invalidDates: YAMLNode? { slots[7] }
    var payload: YAMLNode? { slots[8] }
    var priority: YAMLNode? { slots[9] }
    var enabled: YAMLNode? { slots[10] }
    var dst: YAMLNode? { slots[11] }
}
