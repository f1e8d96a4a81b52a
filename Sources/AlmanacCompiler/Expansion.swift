import AlmanacPlan
import AlmanacSpec
import AlmanacTime

/// A prepared compile: the plan header, and the means to stream every fire of the window in plan
/// order `(at, trigger, id)`. Running it again gives the same fires.
public struct Expansion: Sendable {
    /// The plan without its fires: what a streaming writer writes first.
    public let header: Plan
    let triggers: [Trigger]
    let limits: Limits
    let tables: [String: OffsetTable]
    /// `regionBudget` warnings found while preparing the header.
    let regionWarnings: [Diagnostic]
    /// Plain calendar triggers sharing a day rule are expanded together from this many on.
    var minimumGroupSize = 2

    /// The zone a trigger is evaluated in; zone-less kinds (`every`, instants) use UTC.
    static func zone(of trigger: Trigger) -> String { trigger.timezone ?? "UTC" }

    /// Hands every fire to `sink` in plan order, lazily: memory grows with triggers, not fires.
    /// Throws `CompileError` (`maxFiresExceeded`) when more than `limits.maxFires` fires are produced.
    public func run(_ sink: (Fire) throws -> Void) throws -> ExpansionReport {
        let window = (from: header.window.from.secondsSinceEpoch, to: header.window.to.secondsSinceEpoch)
        // Sorting positions, not the large `Trigger` values, keeps a 10,000-trigger sort cheap.
        let expanded = triggers.indices.filter { if case .location = triggers[$0].kind { return false } else { return true } }
        let ids = triggers.map(\.id)
        let ordered = expanded.sorted { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }.map { triggers[$0] }
        let partition = CalendarGroup.partition(ordered, minimumSize: minimumGroupSize)
        var grouped = Array(repeating: false, count: ordered.count)
        for ranks in partition { ranks.forEach { grouped[$0] = true } }
        var streams: [TriggerStream] = []
        streams.reserveCapacity(ordered.count)
        var heap = FireHeap(capacity: ordered.count)
        for (rank, trigger) in ordered.enumerated() where !grouped[rank] {
            let table = tables[Self.zone(of: trigger)]!
            let source = try Self.source(for: trigger, table: table, range: ExpansionRange(trigger, window: header.window))
            let stream = TriggerStream(rank: rank, trigger: trigger, source: source, table: table, window: window)
            stream.advance()
            if let head = stream.head { heap.push(.init(at: head.final, rank: rank, stream: streams.count)) }
            streams.append(stream)
        }
        // Heap entries from `streams.count` on name groups.
        var groups: [CalendarGroup] = []
        for ranks in partition {
            let members = ranks.map { ordered[$0] }
            guard case .calendar(let rule) = members[0].kind else { continue }
            let group = CalendarGroup(triggers: members, ranks: ranks, rule: rule, table: tables[Self.zone(of: members[0])]!,
                                      range: ExpansionRange(members[0], window: header.window), window: window)
            group.advance()
            if let head = group.head { heap.push(.init(at: head.at, rank: ranks[Int(head.member)], stream: streams.count + groups.count)) }
            groups.append(group)
        }
        var count = 0
        while let top = heap.top {
            count += 1
            if count > limits.maxFires {
                throw CompileError(Diagnostic(
                    .maxFiresExceeded,
                    "the window holds more than max_fires = \(limits.maxFires) fires; raise limits.max_fires or compile a shorter window",
                    at: limits.maxFiresRange ?? ordered[top.rank].range))
            }
            if top.stream < streams.count {
                let stream = streams[top.stream]
                try sink(stream.headFire())
                stream.advance()
                heap.replaceTop(with: stream.head.map { .init(at: $0.final, rank: top.rank, stream: top.stream) })
            } else {
                let group = groups[top.stream - streams.count]
                let head = group.head!
                try sink(Fire(at: Instant(secondsSinceEpoch: head.at), trigger: group.ids[Int(head.member)], offset: head.offset,
                              nominalWall: head.nominal, secondPass: head.secondPass, isMoved: head.shifted))
                group.advance()
                heap.replaceTop(with: group.head.map { .init(at: $0.at, rank: group.ranks[Int($0.member)], stream: top.stream) })
            }
        }
        let diagnostics = regionWarnings + Self.diagnostics(ordered, streams: streams, groups: groups, window: window, plan: header.window)
        return ExpansionReport(fireCount: count, diagnostics: diagnostics)
    }

    /// The `dstAffected` and `noFireInWindow` warnings, in trigger order.
    static func diagnostics(_ ordered: [Trigger], streams: [TriggerStream], groups: [CalendarGroup],
                            window: (from: Int64, to: Int64), plan: Window) -> [Diagnostic] {
        typealias Record = (firstAffected: Candidate?, firstSkipped: (nominal: Int64, transition: Int64)?, emitted: Int)
        var records = [Record](repeating: (nil, nil, 0), count: ordered.count)
        for stream in streams {
            records[stream.rank] = (stream.firstAffected, (stream.candidateSource as? WallClockSource)?.firstSkipped, stream.emitted)
        }
        for group in groups {
            for (member, rank) in group.ranks.enumerated() {
                records[rank] = (group.firstAffected[member], group.firstSkipped[member], group.emitted[member])
            }
        }
        var diagnostics: [Diagnostic] = []
        for (trigger, record) in zip(ordered, records) {
            let lint = DSTLint(trigger: trigger, firstAffected: record.firstAffected, firstSkipped: record.firstSkipped, window: window)
            if let warning = lint.diagnostic { diagnostics.append(warning) }
            if record.emitted == 0 {
                diagnostics.append(Diagnostic(.noFireInWindow,
                    "trigger '\(trigger.id)' has no fire between \(plan.from) and \(plan.to)", at: trigger.range))
            }
        }
        return diagnostics
    }

    /// The candidate source of one trigger's kind over its expansion range.
    static func source(for trigger: Trigger, table: OffsetTable, range: ExpansionRange) throws -> CandidateSource {
        let nominals: NominalSource
        switch trigger.kind {
        case .calendar(let rule):
            nominals = CalendarSource(rule, invalidDates: trigger.invalidDates, from: range.lowWall, through: range.highWall)
        case .cron(let expression):
            nominals = CronSource(expression, from: range.lowWall, through: range.highWall)
        case .rrule(let rule):
            nominals = rruleNominals(rule, invalidDates: trigger.invalidDates, table: table,
                                     from: range.lowWall, through: range.highWall)
        case .once(let rule):
            switch rule.moment {
            case .local(let local): nominals = FixedNominals([local.wallSeconds])
            case .instant(let instant): return FixedInstants([instant.secondsSinceEpoch], table: table)
            }
        case .every(let rule):
            return EverySource(rule, table: table, from: range.lowInstant, through: range.highInstant)
        case .location:
            return FixedInstants([], table: table)
        }
        return WallClockSource(nominals: nominals, table: table, policy: trigger.dst)
    }
}
