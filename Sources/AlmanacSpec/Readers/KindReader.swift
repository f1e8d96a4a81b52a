import AlmanacModel

/// Reads one kind of trigger (`calendar:`, `cron:`, …) from its YAML value into the model.
///
/// Adding a kind means one reader here, one line in `KindReaders.all`, a rule and a `TriggerKind`
/// case in the model, and its source in the compiler (ARCHITECTURE.md). Everything the front end
/// says about kinds — the list of kinds, their own extra keys, unknown and conflicting kinds —
/// comes from the table.
protocol KindReader: SendableMetatype {
    /// The key that names the kind in a trigger (`calendar`).
    static var key: String { get }
    /// Keys of the trigger mapping that belong to this kind only (`anchor` for `every`).
    static var extraKeys: [String] { get }
    /// The rule from `node` (the value under `key`); `trigger` is the whole trigger's mapping, and
    /// `fields` its common fields with `defaults:` applied. Nil after reporting what is wrong.
    static func read(_ node: YAMLNode, in trigger: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind?
}

extension KindReader {
    static var extraKeys: [String] { [] }
}

/// The one list of trigger kinds the YAML front end knows, in the order messages list them.
enum KindReaders {
    static let all: [any KindReader.Type] = [
        CalendarReader.self, CronReader.self, RRuleReader.self, EveryReader.self, OnceReader.self, LocationReader.self,
    ]

    /// The kinds' keys (`calendar`, `cron`, …).
    static let keys = KeyList(all.map { $0.key })

    /// Keys that belong to one kind, with that kind.
    static let extras: [(key: String, owner: String)] = all.flatMap { reader in reader.extraKeys.map { (key: $0, owner: reader.key) } }

    /// The reader of the kind named `key`.
    static func reader(for key: String) -> (any KindReader.Type)? {
        all.first { $0.key == key }
    }
}
