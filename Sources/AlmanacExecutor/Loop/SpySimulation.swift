import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration
import AlmanacTime

/// `almanac-exec simulate` with the spy backend, for the plans it covers (those without regions):
/// the calls the fire loop makes, written straight from one forward read of the plan.
///
/// On a virtual clock with a spy the loop's work is fixed: reconcile at the start (cancel all,
/// register the first `max_pending` fires after now), deliver each fire at its instant, and
/// reconcile again when the first fire left out comes due (`refresh_by`), before that instant's
/// fires. Nothing is ever late, nothing waits for a slot, and the journal only repeats the plan.
/// With one priority level a registration is the next `max_pending` fires, taken from the fires
/// already read; with several, `Reconciler` chooses them, as it does for the loop.
/// So this writes the same lines as `FireLoop` with a `SpyBackend` (`SpySimulationTests` compares
/// them over random plans), without the loop's per-fire journal, log and backend calls. Why: the
/// loop simulated 117 k fires/s on a 1,000,800-fire plan; this writes the same record at the rate
/// `scripts/bench/executor.sh` prints in its simulate row.
public enum SpySimulation {
    /// Whether `source` is a plan this covers; other plans are simulated by `FireLoop`.
    public static func covers(_ source: PlanFireSource) -> Bool {
        source.header.regions.isEmpty
    }

    /// Writes the spy's record of simulating `source` from `from` until `until` (exclusive) to `output`.
    /// A fire that cannot be read stops the simulation with its error (the lines before it are written).
    public static func run(_ source: PlanFireSource, from: Instant, until: Instant, output: LineSink) throws -> FireLoop.Summary {
        precondition(covers(source), "SpySimulation covers plans without regions")
        var writer = Writer(plan: source.header, output: output)
        let plan = source.header
        let budget = max(0, plan.limits.maxPending)
        let cursor = try source.cursor(from: from)
        // Fires read but not delivered yet, in plan order: the due ones, then those a reconcile
        // registers; each with the end of its line's text after the call in `tails` (formatted once,
        // written twice: registered, then delivered).
        var ahead: [Fire] = []
        var ends: [Int] = []
        var tails: [UInt8] = []
        var head = 0
        // What the spy holds registered: a range of `ahead` (one priority level), or fires by id.
        var registeredRange = 0..<0
        var registeredIDs: Set<FireIdentity> = []
        func fill(_ count: Int) throws {
            while ahead.count - head < count, let fire = try cursor.next() {
                writer.appendTail(fire, to: &tails)
                ahead.append(fire)
                ends.append(tails.count)
            }
        }
        func tail(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }
        var summary = FireLoop.Summary()
        var refreshBy: Instant?
        var scratch: [UInt8] = []
        func reconcile(now: Instant) throws {
            summary.reconciles += 1
            guard source.hasUniformPriority else {
                let registration = try Reconciler.registration(for: source, now: now)
                writer.cancelAll()
                registeredIDs = []
                for fire in registration.fires {
                    scratch.removeAll(keepingCapacity: true)
                    writer.appendTail(fire, to: &scratch)
                    writer.schedule(fire, scratch, 0..<scratch.count)
                    registeredIDs.insert(fire.identity)
                }
                refreshBy = registration.refreshBy > now ? registration.refreshBy : nil
                try writer.flushIfFull()
                return
            }
            // Fires at `now` are delivered after this reconcile; the registration starts after them.
            try fill(1)
            var first = head
            while true {
                if first == ahead.count { try fill(first - head + 1) }
                guard first < ahead.count, ahead[first].at <= now else { break }
                first += 1
            }
            try fill(first - head + budget + 1)
            let end = min(ahead.count, first + budget)
            writer.cancelAll()
            for index in first..<end { writer.schedule(ahead[index], tails, tail(index)) }
            registeredRange = first..<end
            var refresh = plan.window.to
            if end < ahead.count, ahead[end].at < refresh { refresh = ahead[end].at }
            refreshBy = refresh > now ? refresh : nil
            try writer.flushIfFull()
        }
        var now = from
        try reconcile(now: now)
        while true {
            // Delivered fires leave the front now and then (never inside `reconcile`, which holds indices).
            if head > 4096 && head * 2 > ahead.count {
                let dropped = ends[head - 1]
                tails.removeFirst(dropped)
                ends.removeFirst(head)
                for i in ends.indices { ends[i] -= dropped }
                ahead.removeFirst(head)
                registeredRange = (registeredRange.lowerBound - head)..<(registeredRange.upperBound - head)
                head = 0
            }
            try fill(1)
            while head < ahead.count, ahead[head].at <= now, ahead[head].at < until {
                let fire = ahead[head]
                let asRegistered =
                    source.hasUniformPriority ? registeredRange.contains(head) : registeredIDs.remove(fire.identity) != nil
                writer.deliver(fire, tails, tail(head), asRegistered: asRegistered)
                summary.fired += 1
                head += 1
                if head == ahead.count { try fill(1) }
            }
            try writer.flushIfFull()
            var deadline = until
            if head < ahead.count, ahead[head].at < deadline { deadline = ahead[head].at }
            if let refreshBy, refreshBy < deadline { deadline = refreshBy }
            now = max(now, deadline)
            if now >= until { break }
            if let refresh = refreshBy, refresh <= now { try reconcile(now: now) }
        }
        try writer.flush()
        try output.flush()
        return summary
    }

    /// The spy's lines, built as bytes in blocks (`SpyBackend` writes the same text line by line).
    private struct Writer {
        let plan: Plan
        let output: LineSink
        var formatter = FireFormatter()
        var payloads: [String: [UInt8]] = [:]
        var written = SpyRecordPayloads()
        var bytes: [UInt8] = []

        init(plan: Plan, output: LineSink) {
            self.plan = plan
            self.output = output
            bytes.reserveCapacity(Self.block + 1024)
        }

        static let block = 256 * 1024

        /// Appends a literal's bytes (appending its `utf8` view took 4% of a simulation in perf).
        mutating func put(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func cancelAll() { put("{\"call\": \"cancelAll\"}\n") }

        /// Appends the fire's fields (`"id": …, …`), what follows the call in its lines.
        mutating func appendTail(_ fire: Fire, to out: inout [UInt8]) {
            FireDescription.appendFields(fire, formatter: &formatter, to: &out)
        }

        /// A `schedule` line: the call, the fields made by `appendTail`, the payload if it changed.
        mutating func schedule(_ fire: Fire, _ tails: [UInt8], _ range: Range<Int>) {
            put("{\"call\": \"schedule\", ")
            full(fire, tails, range)
        }

        /// A `fire` line: by id alone when the fire is delivered as it was registered.
        mutating func deliver(_ fire: Fire, _ tails: [UInt8], _ range: Range<Int>, asRegistered: Bool) {
            put("{\"call\": \"fire\", ")
            guard asRegistered else { return full(fire, tails, range) }
            tails.withUnsafeBufferPointer { all in
                let fields = UnsafeBufferPointer(rebasing: all[range])
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: fields[..<FireDescription.idFieldEnd(fields)]))
            }
            put("}\n")
        }

        private mutating func full(_ fire: Fire, _ tails: [UInt8], _ range: Range<Int>) {
            tails.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
            let text = payload(fire.trigger)
            written.append(text, of: fire.trigger, to: &bytes)
            put("}\n")
        }

        mutating func payload(_ trigger: String) -> [UInt8] {
            if let text = payloads[trigger] { return text }
            let text = Array(FireDescription.payload(plan.triggers[trigger] ?? PlanTrigger(kind: "once")).utf8)
            payloads[trigger] = text
            return text
        }

        mutating func flushIfFull() throws {
            if bytes.count >= Self.block { try flush() }
        }

        mutating func flush() throws {
            guard !bytes.isEmpty else { return }
            try output.write(lines: bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
