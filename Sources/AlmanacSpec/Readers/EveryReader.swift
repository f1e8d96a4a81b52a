import AlmanacModel
import AlmanacTime

/// `every:` — elapsed time from an anchor (`anchor`, default the Unix epoch).
enum EveryReader: KindReader {
    static let key = "every"
    static let extraKeys = ["anchor"]

    static func read(_ node: YAMLNode, in m: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind? {
        let policy = DSTPolicy(gap: fields.gap ?? .shift, overlap: fields.overlap ?? .first)
        return every(node, m, zone: fields.timezone?.value ?? v.specZone, policy: policy, &v).map(TriggerKind.every)
    }

    static func every(_ node: YAMLNode, _ m: MappingReader, zone: String?, policy: DSTPolicy, _ v: inout SpecValidator) -> EveryRule? {
        guard let interval = v.parse(node, "`every`", { ValueSyntax.duration($0, sign: .positive) }) else { return nil }
        v.lintWholeDays(interval, node, anchor: m["anchor"], zone: zone)
        var rule = EveryRule(interval: interval)
        if let a = m["anchor"], let bound = v.parse(a, "`anchor`", ValueSyntax.bound) {
            switch bound {
            case .instant(let i): rule.anchor = i
            case .local(let l):
                guard let zone, let anchor = anchorInstant(l, zone: zone, policy: policy) else { return rule }
                rule.anchor = anchor
            case .date(let d):
                guard let zone, let anchor = anchorInstant(LocalDateTime(date: d, time: .midnight), zone: zone, policy: policy) else {
                    return rule
                }
                rule.anchor = anchor
            }
        }
        return rule
    }

    /// A local anchor read like every other local time: through the zone's offset table and the
    /// trigger's DST policy. An anchor must be one instant, so `gap: skip` reads a skipped anchor as
    /// `shift` does, and `overlap: both` takes the first of the two.
    static func anchorInstant(_ local: LocalDateTime, zone: String, policy: DSTPolicy) -> Instant? {
        let wall = local.wallSeconds
        let around = Instant(secondsSinceEpoch: wall)
        guard let table = OffsetTable(zone: zone, covering: around, to: around) else { return nil }
        var anchorPolicy = policy
        if anchorPolicy.gap == .skip { anchorPolicy.gap = .shift }
        switch table.resolve(local, policy: anchorPolicy) {
        case .none: return nil
        case .one(let time), .two(let time, _): return time.instant
        }
    }
}

extension EveryRule: SpecKind {
    static var reader: any KindReader.Type { EveryReader.self }
}
