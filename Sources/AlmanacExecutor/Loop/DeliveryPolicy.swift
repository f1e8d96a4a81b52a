import AlmanacPlan
import AlmanacVocabulary

/// What an executor does with a due fire, decided from facts alone: misfires (`--misfire`), a
/// trigger's `concurrency`, and claims whose executor stopped answering (`--in-doubt`). Pure: the
/// caller gathers the facts — the file store's loop from its clock and backend, the cluster runner
/// from the shared store as well — and carries the decision out. Both executors use this one type,
/// so the rules cannot drift apart; `DeliveryPolicyTests` checks every combination once.
public struct DeliveryPolicy: Sendable, Equatable {
    public var misfire: MisfirePolicy
    public var inDoubt: InDoubtPolicy

    public init(misfire: MisfirePolicy = .skip, inDoubt: InDoubtPolicy = .skip) {
        self.misfire = misfire
        self.inDoubt = inDoubt
    }

    // MARK: Misfires

    /// A due fire as the misfire rule sees it: `late` when it came due while no executor ran its plan
    /// (the file store: found more than `--grace` after its instant; the shared store: due before
    /// the spec's executors were last continuously alive).
    public struct DueFire: Sendable, Equatable {
        public var id: String
        public var trigger: String
        public var late: Bool
        /// The trigger's own `misfire` from the plan (an imported `Persistent=` timer, a cron job);
        /// nil: the executor's (`--misfire`).
        public var misfire: MisfirePolicy?

        public init(id: String, trigger: String, late: Bool, misfire: MisfirePolicy? = nil) {
            self.id = id
            self.trigger = trigger
            self.late = late
            self.misfire = misfire
        }
    }

    /// For each of `fires` (in plan order), whether it is delivered. A fire on time always is; a late
    /// one by its trigger's own `misfire`, else by this policy's: `skip` none, `once` the latest late
    /// fire of each trigger among `fires`, `all` every one.
    public func deliver(_ fires: [DueFire]) -> [Bool] {
        var latestLate: [String: Int] = [:]
        for (index, fire) in fires.enumerated() where fire.late && (fire.misfire ?? misfire) == .once {
            latestLate[fire.trigger] = index
        }
        return fires.enumerated().map { index, fire in
            guard fire.late else { return true }
            switch fire.misfire ?? misfire {
            case .all: return true
            case .skip: return false
            case .once: return latestLate[fire.trigger] == index
            }
        }
    }

    // MARK: Concurrency

    /// What is known of a fire's trigger when the fire comes due, or when it waits to start.
    public struct TriggerActivity: Sendable, Equatable {
        public var concurrency: PlanConcurrency
        /// Commands of the trigger running on this executor.
        public var runningHere: Int
        /// A fire of the trigger is started on another executor (a shared store; false otherwise).
        public var runningElsewhere: Bool
        /// Earlier fires of the trigger waiting on this executor for a slot or for the trigger.
        public var waitingHere: [String]

        public init(concurrency: PlanConcurrency, runningHere: Int = 0, runningElsewhere: Bool = false, waitingHere: [String] = []) {
            self.concurrency = concurrency
            self.runningHere = runningHere
            self.runningElsewhere = runningElsewhere
            self.waitingHere = waitingHere
        }

        var running: Bool { runningHere > 0 || runningElsewhere }
    }

    /// What to do with a fire that just came due, for a backend whose work lasts (exec).
    public struct Arrival: Sendable, Equatable {
        /// False: skip it (`forbid`, its trigger still runs or waits); true: it joins the fires
        /// waiting for a slot, and starts when `mayStart` says so.
        public var admit: Bool
        /// Earlier waiting fires of the trigger that it replaces: skipped, never started (`replace`).
        public var skipWaiting: [String]
        /// Stop the trigger's commands running on this executor (`replace`). A command on another
        /// executor cannot be stopped from here: the fire waits for it, as under `queue`.
        public var stopRunningHere: Bool

        public init(admit: Bool, skipWaiting: [String] = [], stopRunningHere: Bool = false) {
            self.admit = admit
            self.skipWaiting = skipWaiting
            self.stopRunningHere = stopRunningHere
        }
    }

    /// The decision for a fire that came due while its trigger is as `activity` says.
    ///
    /// `replace` with an earlier fire still waiting: the earlier one is skipped. The newest fire of a
    /// `replace` trigger is the one that should run; an earlier one that has not even started would
    /// otherwise run first only to be stopped at once (or, across executors, run late in full).
    public func arrival(_ activity: TriggerActivity) -> Arrival {
        switch activity.concurrency {
        case .allow, .queue:
            return Arrival(admit: true)
        case .forbid:
            return Arrival(admit: !activity.running && activity.waitingHere.isEmpty)
        case .replace:
            return Arrival(admit: true, skipWaiting: activity.waitingHere, stopRunningHere: activity.runningHere > 0)
        }
    }

    /// Whether a waiting fire may start now (given a free slot): `queue` and `replace` fires wait
    /// while their trigger runs anywhere; `allow` and admitted `forbid` fires need only the slot.
    public func mayStart(_ activity: TriggerActivity) -> Bool {
        switch activity.concurrency {
        case .allow, .forbid: return true
        case .queue, .replace: return !activity.running
        }
    }

    // MARK: Claims that lapsed

    /// What becomes of a fire whose claim lapsed (its executor stopped beating).
    public enum LapsedClaim: Sendable, Equatable {
        /// It had not started: nothing ran, another executor takes it.
        case release
        /// It had started (it may or may not have run): run it again, with the next attempt number.
        case retry
        /// It had started: record it in doubt and never run it again.
        case recordInDoubt
    }

    public func lapsedClaim(started: Bool) -> LapsedClaim {
        guard started else { return .release }
        return inDoubt == .retry ? .retry : .recordInDoubt
    }
}

/// `--in-doubt`: a fire whose executor died after starting it is skipped (at most once) or run
/// again (at least once, with `ALMANAC_ATTEMPT` above 1).
public enum InDoubtPolicy: String, Sendable, CaseIterable {
    case skip
    case retry
}

/// Why a due fire was not delivered, as the file store's journal and the shared store record it.
public enum SkipReason: String, Sendable, CaseIterable {
    /// Due while no executor ran its plan, and `--misfire` chose not to deliver it.
    case misfire
    /// Its trigger's previous command still ran (`concurrency: forbid`).
    case concurrency
    /// A newer fire of its trigger replaced it before it started (`concurrency: replace`).
    case replaced
    /// Journaled ahead of its instant, then removed from the plan by a reload before it started.
    case removed
}
