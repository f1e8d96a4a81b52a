import AlmanacExecutor
import AlmanacMetrics
import AlmanacPlan
import Foundation

/// Why an executor will not run its plan file: the spec id in the store belongs to a plan it never
/// published (another spec that shares the name, or a new version never deployed). Exit status 1.
public struct PlanRefused: Error, CustomStringConvertible {
    public let description: String
}

/// The plan file could not be read when the executor started (exit status 2, its words as they are).
public struct PlanUnreadable: Error, CustomStringConvertible {
    public let description: String
}

/// A plan file's identity on disk: a change of any part means it was replaced or rewritten.
struct PlanFileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Double

    init?(path: String) {
        guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        device = (a[.systemNumber] as? NSNumber)?.uint64Value ?? 0
        inode = (a[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        size = (a[.size] as? NSNumber)?.int64Value ?? 0
        modified = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    }
}

extension ClusterRunner {
    /// Reads the plan file and offers it to the store as an executor's (`PublicationRule`): the first
    /// plan of a spec is published, the current plan's fires join, an older plan of the spec makes
    /// this executor stand by, a plan the spec never had is refused (at start: `PlanRefused`; on a
    /// reload: logged, the plan held before kept).
    func loadPlan(initial: Bool) async throws {
        let stamp = PlanFileStamp(path: planPath)
        let source: PlanFireSource
        do {
            source = try PlanFireSource.open(path: planPath)
        } catch {
            if initial { throw PlanUnreadable(description: "\(planPath): \(error)") }
            log("\(planPath): \(error); keeping the plan loaded before")
            plan?.stamp = stamp
            return
        }
        let header = source.header
        // Each trigger runs its own command: a plan with a trigger that has none is refused whole
        // (at start `almanac-exec` refused it already, at its line; on a reload the plan before stays).
        if let exec, exec.command.isEmpty,
            let problem = header.triggers.keys.sorted().lazy.compactMap({ id -> TriggerCommand.Problem? in
                if case .failure(let problem) = TriggerCommand.of(header.triggers[id]!, id: id) { return problem }
                return nil
            }).first
        {
            if initial { throw PlanUnreadable(description: "\(planPath): \(problem)") }
            log("\(planPath): \(problem); keeping the plan loaded before")
            plan?.stamp = stamp
            return
        }
        let publication = try await store.publish(
            source, specID: options.specID, intent: .executor, by: "executor \(options.executorID)", planPath: planPath)
        let sha = header.spec.sha256 ?? ""
        let described = "spec \(quoted(publication.specID)), sha256 \(sha.prefix(12))"
        switch publication.decision {
        case .publish(let revision), .current(let revision):
            plan = LoadedPlan(source: source, specID: publication.specID, sha256: sha, stamp: stamp)
            triggers[sha] = header.triggers
            self.revision = revision
            currentSHA256 = sha
            standingBy = nil
            let what =
                publication.decision == .publish(revision: revision)
                ? "published \(planPath) as revision \(revision) of \(described)" + (revision == 1 ? " (the spec's first plan)" : "")
                : "loaded \(planPath) (\(described), revision \(revision))"
            let fires =
                publication.alreadyStored
                ? "its fires were stored before"
                : "\(publication.inserted) new fires"
                    + (publication.expired > 0 ? " (\(publication.expired) already past, never delivered)" : "")
            log(
                "\(what): \(fires)"
                    + (publication.cancelled > 0 ? ", \(publication.cancelled) pending fires of the previous plan cancelled" : ""))
            metrics.fire("cancelled", count: publication.cancelled)
        case .standBy(let current):
            plan = LoadedPlan(source: source, specID: publication.specID, sha256: sha, stamp: stamp)
            standingBy =
                "its plan \(planPath) (sha256 \(sha.prefix(12))) is an older plan of spec \(quoted(publication.specID)), whose current plan is revision \(current) (sha256 \(publication.stored?.currentSHA256?.prefix(12) ?? "?"))"
            revision = current
            currentSHA256 = publication.stored?.currentSHA256
            log(
                "standing by: \(standingBy!); it delivers nothing until its plan file is the current plan (deploy it, or give this executor the current one)"
            )
        case .unrelated(let current), .conflict(_, let current):
            let message = Self.unrelatedMessage(planPath: planPath, header: header, publication: publication, current: current)
            if initial { throw PlanRefused(description: message) }
            log("\(message); keeping the plan loaded before")
            plan?.stamp = stamp
        }
    }

    /// Names both: the spec the store holds under the id, and the plan file that is not of it.
    static func unrelatedMessage(planPath: String, header: Plan, publication: ClusterStore.Publication, current: Int64) -> String {
        let stored = publication.stored
        return
            "\(planPath) (spec '\(header.spec.name)', sha256 \(header.spec.sha256?.prefix(12) ?? "none")) was never published as spec id "
            + "'\(publication.specID)', whose current plan is revision \(current) (spec '\(stored?.name ?? "?")', sha256 "
            + "\(stored?.currentSHA256?.prefix(12) ?? "none"), first published \(stored?.firstPublished ?? "?")): if it is a new version "
            + "of that spec, publish it with `almanac-exec deploy \(planPath) --store … --expect-revision \(current)`; if it is another "
            + "spec that shares the name, give it its own id with --spec-id"
    }

    /// Whether the plan file was replaced or rewritten since it was read.
    func planFileChanged() -> Bool {
        guard let plan else { return false }
        return PlanFileStamp(path: planPath) != plan.stamp
    }

    /// One beat (`ClusterStore.beat`), and what it tells: misfires and lapsed claims (logged and
    /// counted), and the spec's current revision — a new one makes this executor read its plan file
    /// again (it may now be the current plan, or no longer be).
    func beat() async throws {
        guard let plan else { return }
        let request = ClusterStore.BeatRequest(
            executor: options.executorID, spec: plan.specID, delivering: standingBy == nil, standingBy: standingBy, lease: options.lease,
            grace: options.grace, policy: options.policy, stats: stats)
        let beat = try await store.beat(request)
        nextBeat = StoreTimer.now() + options.beatInterval
        if let end = beat.planWindowEnd { metrics.planEnds(at: end) }
        if !beat.misfires.isEmpty {
            log(
                "\(beat.misfires.count) fires due while no executor ran \(plan.specID) skipped (misfire \(options.policy.misfire.rawValue))"
            )
            metrics.fire("skipped", count: beat.misfires.count)
        }
        if !beat.paused.isEmpty {
            log("\(beat.paused.count) fires of paused triggers of \(plan.specID) came due and were skipped")
            metrics.fire("skipped", count: beat.paused.count)
        }
        if beat.released > 0 { log("recovered \(beat.released) claimed fires whose executor stopped answering") }
        let retry = options.policy.inDoubt == .retry
        for id in beat.inDoubt {
            log("\(id): in doubt (its executor died after starting it)" + (retry ? "; it will run again" : "; skipped"))
        }
        if !retry {
            metrics.foundInDoubt(beat.inDoubt.count)
            metrics.fire("in_doubt", count: beat.inDoubt.count)
        }
        if beat.revision != revision || beat.currentSHA256 != currentSHA256 {
            let changed = revision != 0
            revision = beat.revision
            currentSHA256 = beat.currentSHA256
            if changed {
                log(
                    "spec \(quoted(plan.specID)) is at revision \(beat.revision) (sha256 \(beat.currentSHA256?.prefix(12) ?? "none")); reading \(planPath) again"
                )
                try await loadPlan(initial: false)
            }
        }
    }

    /// Wakes the loop on each notification; reconnects after a lost connection, and every
    /// `listenSession` seconds whatever happened (a connection that went silent, behind a frozen
    /// proxy or a half-open socket, delivers nothing and reports nothing). Cancelled, it returns at
    /// once (`Deadline`): the loop's task group waits for it, and a stop must not wait on a library
    /// await that may never notice its connection was closed.
    nonisolated func listen() async {
        while !Task.isCancelled {
            do {
                let connection = try await StoreConnections.connect(
                    store.address.connectionConfiguration(), id: 0, timeout: store.address.connectTimeout ?? store.operationTimeout,
                    logger: store.logger)
                _ = try await Deadline.run(seconds: Self.listenSession, giveUp: { _ in connection.closeNow() }) {
                    defer { connection.closeNow() }
                    try await connection.listen(on: "almanac_fires") { notifications in
                        for try await note in notifications {
                            if note.payload == "published" { self.inbox.withLockedValue { $0.published = true } }
                            self.wake.yield()
                        }
                    }
                    return true
                }
            } catch is Deadline.Passed {
                // A new session: a notification sent in between is seen at the next beat at worst.
                continue
            } catch {
                if Task.isCancelled { return }
            }
            try? await StoreTimer.sleep(1)
        }
    }

    /// Seconds one `LISTEN` connection is kept before it is replaced.
    static let listenSession = 300.0

    func quoted(_ id: String) -> String { "'\(id)'" }
}

extension ExecutorMetrics {
    func fire(_ outcome: String, count: Int) {
        for _ in 0..<max(0, count) { fire(outcome) }
    }
}
