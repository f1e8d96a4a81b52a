/// The spy record's rule for payloads, shared by `SpyBackend` and `SpySimulation` so both write
/// the same bytes: a `schedule`, `add` or `fire` line carries `"payload"` only when it differs from
/// the payload the record last wrote for that trigger. Why: a trigger's payload is the same on
/// every line of a plan, and repeating it was most of a record's bytes (~500 of them per fire for a
/// 90-byte payload, scheduled and delivered); a reader keeps the last payload per trigger.
struct SpyRecordPayloads {
    /// Each trigger's payload text, as last written.
    private var written: [String: [UInt8]] = [:]

    /// Appends `, "payload": TEXT` unless the record last wrote TEXT for `trigger`.
    mutating func append(_ payload: [UInt8], of trigger: String, to out: inout [UInt8]) {
        if written[trigger] == payload { return }
        written[trigger] = payload
        out.append(contentsOf: ", \"payload\": ".utf8)
        out.append(contentsOf: payload)
    }
}
