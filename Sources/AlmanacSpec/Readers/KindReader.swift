import AlmanacModel

/// Reads one kind of trigger (`calendar:`, `cron:`, …) from its YAML value into the model.
///
/// Adding a kind means one reader here, in the file that makes the model's rule a `SpecKind`
/// (ARCHITECTURE.md, "Add a trigger kind"). Everything the front end says about kinds — the list
/// of kinds, their own extra keys, unknown and conflicting kinds — comes from the model's list of
/// kinds (`TriggerKind.rules`) through the readers.
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

/// A kind of the model the YAML front end reads: the reader of its key.
protocol SpecKind: TriggerRule {
    static var reader: any KindReader.Type { get }
}

/// The trigger kinds the YAML front end knows: the model's kinds (`TriggerKind.rules`), in the
/// order messages list them, each by its reader.
enum KindReaders {
    static let all: [any KindReader.Type] = TriggerKind.rules.compactMap { ($0 as? any SpecKind.Type)?.reader }

    /// The kinds' keys (`calendar`, `cron`, …).
    static let keys = KeyList(all.map { $0.key })

    /// Keys that belong to one kind, with that kind.
    static let extras: [(key: String, owner: String)] = all.flatMap { reader in reader.extraKeys.map { (key: $0, owner: reader.key) } }

    /// The reader of the kind named `key`.
    static func reader(for key: String) -> (any KindReader.Type)? {
        all.first { $0.key == key }
    }
}
