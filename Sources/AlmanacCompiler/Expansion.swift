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

    /// The zone a trigger is evaluated in; zone-less kinds (`every`, instants) use UTC.
    static func zone(of trigger: Trigger) -> String { trigger.timezone ?? "UTC" }

    /// Hands every fire to `sink` in plan order, lazily: memory grows with triggers, not fires.
    /// Throws `CompileError` (`maxFiresExceeded`) when more than `limits.maxFires` fires are produced.
    public func run(_ sink: (Fire) throws -> Void) throws -> ExpansionReport {
        let window = (from: header.window.from.secondsSinceEpoch, to: header.window.to.secondsSinceEpoch)
        let ordered = triggers
            .filter { if case .location = $0.kind { return false } else { return true } }
            .sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        var streams: [TriggerStream] = []
        streams.reserveCapacity(ordered.count)
        var heap = FireHeap(capacity: ordered.count)
        for (rank, trigger) in ordered.enumerated() {
            let table = tables[Self.zone(of: trigger)]!
            let source = try Self.source(for: trigger, table: table, range: ExpansionRange(trigger, window: header.window))
            let stream = TriggerStream(rank: rank, trigger: trigger, source: source, table: table, window: window)
            stream.advance()
            if let head = stream.head { heap.push(.init(at: head.final, rank: rank, stream: rank)) }
            streams.append(stream)
        }
        var count = 0
        while let top = heap.top {
            let stream = streams[top.stream]
            count += 1
            if count > limits.maxFires {
                throw CompileError(Diagnostic(
                    .maxFiresExceeded,
                    "the window holds more than max_fires = \(limits.maxFires) fires; raise limits.max_fires or compile a shorter window",
                    at: limits.maxFiresRange ?? stream.trigger.range))
            }
            try sink(stream.headFire())
            stream.advance()
            heap.replaceTop(with: stream.head.map { .init(at: $0.final, rank: top.rank, stream: top.stream) })
        }
        var diagnostics = regionWarnings
        for stream in streams {
            if let warning = DSTLint(stream: stream, window: window).diagnostic { diagnostics.append(warning) }
            if stream.emitted == 0 {
                diagnostics.append(Diagnostic(.noFireInWindow,
                    "trigger '\(stream.trigger.id)' has no fire between \(header.window.from) and \(header.window.to)",
                    at: stream.trigger.range))
            }
        }
        return ExpansionReport(fireCount: count, diagnostics: diagnostics)
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
            nominals = try rruleNominals(rule, invalidDates: trigger.invalidDates, from: range.lowWall,
                                         through: range.highWall, at: trigger.range)
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
