import AlmanacModel
/// The value nodes of the common fields written in one mapping, found in a single pass over its
/// pairs (twelve lookups would scan the pairs twelve times, for fields most triggers never write).
///
/// Kept as pair positions beside one reference to the pairs: twelve optional nodes would each hold
/// the tree, and copying or dropping them would retain and release it a dozen times per trigger.
struct CommonNodes {
    private let pairs: YAMLPairs
    /// For each of `CommonFields.keys`, in order, the position of its first pair, or -1.
    private var slots = SIMD16<Int32>(repeating: -1)

    /// The first value of each common key in `m`, as `m[key]` would give it.
    init(_ m: MappingReader) {
        pairs = m.pairs
        for (position, pair) in pairs.enumerated() {
            guard case .scalar(let key) = pair.key.content,
                let i = CommonFields.keys.index(of: key), slots[i] < 0
            else { continue }
            slots[i] = Int32(position)
        }
    }

    private func value(_ slot: Int) -> YAMLNode? {
        slots[slot] < 0 ? nil : pairs[Int(slots[slot])].value
    }

    // Slots follow the order of `CommonFields.keys`.
    var timezone: YAMLNode? { value(0) }
    var start: YAMLNode? { value(1) }
    var end: YAMLNode? { value(2) }
    var count: YAMLNode? { value(3) }
    var except: YAMLNode? { value(4) }
    var during: YAMLNode? { value(5) }
    var jitter: YAMLNode? { value(6) }
    var invalidDates: YAMLNode? { value(7) }
    var payload: YAMLNode? { value(8) }
    var priority: YAMLNode? { value(9) }
    var enabled: YAMLNode? { value(10) }
    var dst: YAMLNode? { value(11) }
    var concurrency: YAMLNode? { value(12) }
    var misfire: YAMLNode? { value(13) }
}
