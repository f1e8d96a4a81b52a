import AlmanacPlan
import AlmanacModel
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
    /// Armed windows of location triggers in the header: `limits.maxFires` is what is left after them.
    let armedWindows: Int
    /// The most candidates one trigger may examine (`TriggerStream.defaultMaxCandidates`).
    var maxCandidates = TriggerStream.defaultMaxCandidates
    /// The spec zone's offsets, when `min_coverage` is in calendar days.
    var coverageTable: OffsetTable? = nil
    /// Plain calendar triggers sharing a day rule are expanded together from this many on.
    var minimumGroupSize = 2

    /// The zone a trigger is evaluated in; zone-less kinds (`every`, instants) use UTC.
    static func zone(of trigger: Trigger) -> String { trigger.timezone ?? "UTC" }

    /// Hands every fire to `sink` in plan order, lazily: memory grows with triggers, not fires.
    /// Throws `CompileError` (`maxFiresExceeded`) when more than `limits.maxFires` fires are produced.
    public func run(_ sink: (Fire) throws -> Void) throws -> ExpansionReport {
        let window = (from: header.window.from.secondsSinceEpoch, to: header.window.to.secondsSinceEpoch)
        // Positions in `triggers` by rank (id order): a schedule built in code may list them in any order.
        let order = Self.idOrder(triggers)
        let partition = CalendarGroup.partition(triggers, order: order, minimumSize: minimumGroupSize)
        var grouped = Array(repeating: false, count: order.count)
        for ranks in partition { ranks.forEach { grouped[$0] = true } }
        var streams: [TriggerStream] = []
        var heap = FireHeap(capacity: order.count)
        for (rank, position) in order.enumerated() where !grouped[rank] {
            let trigger = triggers[position]
            let table = tables[Self.zone(of: trigger)]!
            let source = try Self.source(for: trigger, table: table, range: ExpansionRange(trigger, window: header.window))
            let stream = TriggerStream(
                rank: rank, trigger: trigger, source: source, table: table, window: window,
                maxCandidates: maxCandidates)
            stream.advance()
            try checkBudget(stream)
            if let head = stream.head { heap.push(.init(at: head.final, rank: rank, stream: streams.count)) }
            streams.append(stream)
        }
        // Heap entries from `streams.count` on name groups.
        var groups: [CalendarGroup] = []
        for ranks in partition {
            let first = triggers[order[ranks[0]]]
            guard case .calendar(let rule) = first.kind else { continue }
            var group = CalendarGroup(
                triggers, members: ranks.map { order[$0] }, ranks: ranks, rule: rule,
                table: tables[Self.zone(of: first)]!, range: ExpansionRange(first, window: header.window),
                window: window)
            group.advance()
            if let head = group.head { heap.push(.init(at: head.at, rank: ranks[Int(head.member)], stream: streams.count + groups.count)) }
            groups.append(group)
        }
        var count = 0
        // A server's daemon registers nothing ahead: no phone budget to lint (W0605).
        let lintsBudget = header.spec.runsOn == .phone
        var budget = PendingBudget(limits: limits, table: coverageTable)
        func deliver(_ fire: Fire, rank: Int) throws {
            if lintsBudget { budget.observe(at: fire.at.secondsSinceEpoch, trigger: rank) }
            try sink(fire)
        }
        while let top = heap.top {
            guard count < limits.maxFires else {
                throw CompileError(
                    Diagnostic(
                        .maxFiresExceeded(limits.maxFires + armedWindows, armedWindows: armedWindows),
                        at: limits.maxFiresRange ?? triggers[order[top.rank]].range))
            }
            if top.stream < streams.count {
                let stream = streams[top.stream]
                count += 1
                try deliver(stream.headFire(), rank: top.rank)
                stream.advance()
                try checkBudget(stream)
                heap.replaceTop(with: stream.head.map { .init(at: $0.final, rank: top.rank, stream: top.stream) })
            } else {
                // A group hands out every fire that comes before the merge's next entry in one go.
                let g = top.stream - streams.count
                count += try groups[g].emit(before: heap.runnerUp, limit: limits.maxFires - count, deliver)
                heap.replaceTop(with: groups[g].head.map { .init(at: $0.at, rank: groups[g].ranks[Int($0.member)], stream: top.stream) })
            }
        }
        budget.finish()
        let pending =
            lintsBudget
            ? budget.diagnostic { rank in
                let trigger = triggers[order[rank]]
                return (trigger.id, trigger.range, trigger.priority)
            } : nil
        let diagnostics =
            regionWarnings + (pending.map { [$0] } ?? [])
            + Self.diagnostics(
                triggers, order: order, streams: streams, groups: groups,
                window: window, plan: header.window)
        return ExpansionReport(fireCount: count, diagnostics: diagnostics)
    }

    /// Stops the compile with a located error when `stream` gave up after examining too many candidates.
    func checkBudget(_ stream: TriggerStream) throws {
        guard stream.overBudget else { return }
        throw CompileError(
            Diagnostic(.tooFewCandidates(stream.trigger.id, examined: maxCandidates), at: stream.trigger.range))
    }

    /// The positions of the triggers to expand (all but `location`), sorted by id (UTF-8 bytes).
    static func idOrder(_ triggers: [Trigger]) -> [Int] {
        // Sort on the ids' first eight bytes (zero-padded, big-endian), comparing whole ids only on a tie.
        var keyed: [(prefix: UInt64, position: Int)] = []
        keyed.reserveCapacity(triggers.count)
        for (position, trigger) in triggers.enumerated() {
            if case .location = trigger.kind { continue }
            var prefix: UInt64 = 0
            var shift: UInt64 = 56
            for byte in trigger.id.utf8.prefix(8) {
                prefix |= UInt64(byte) << shift
                shift &-= 8
            }
            keyed.append((prefix, position))
        }
        keyed.sort { a, b in
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            return triggers[a.position].id.utf8.lexicographicallyPrecedes(triggers[b.position].id.utf8)
        }
        return keyed.map(\.position)
    }

    /// The `dstAffected` and `noFireInWindow` warnings, in trigger order.
    static func diagnostics(
        _ triggers: [Trigger], order: [Int], streams: [TriggerStream], groups: [CalendarGroup],
        window: (from: Int64, to: Int64), plan: Window
    ) -> [Diagnostic] {
        // Only the few triggers with something to report get a record.
        typealias Record = (rank: Int, firstAffected: Candidate?, firstSkipped: (nominal: Int64, transition: Int64)?, silent: Bool)
        var records: [Record] = []
        for stream in streams {
            let skipped = (stream.candidateSource as? WallClockSource)?.firstSkipped
            if stream.firstAffected != nil || skipped != nil || stream.emitted == 0 {
                records.append((stream.rank, stream.firstAffected, skipped, stream.emitted == 0))
            }
        }
        for group in groups {
            for (member, rank) in group.ranks.enumerated() {
                let affected = group.firstAffected[member], skipped = group.firstSkipped[member]
                if affected != nil || skipped != nil || !group.emitted[member] {
                    records.append((rank, affected, skipped, !group.emitted[member]))
                }
            }
        }
        records.sort { $0.rank < $1.rank }
        var diagnostics: [Diagnostic] = []
        for record in records {
            let trigger = triggers[order[record.rank]]
            let lint = DSTLint(trigger: trigger, firstAffected: record.firstAffected, firstSkipped: record.firstSkipped, window: window)
            if let warning = lint.diagnostic { diagnostics.append(warning) }
            if record.silent {
                diagnostics.append(
                    Diagnostic(.noFireInWindow(trigger.id, from: "\(plan.from)", to: "\(plan.to)"), at: trigger.range))
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
            nominals = rruleNominals(
                rule, invalidDates: trigger.invalidDates, table: table,
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
