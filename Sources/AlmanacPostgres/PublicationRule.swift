/// Which plan of a spec is current, decided from what the store holds of the spec: the rule that no
/// start, restart or reload order of executors holding older plan files can make an older plan
/// current, and that a spec sharing only a name with another cannot replace it by accident.
///
/// A spec is identified by its **spec id** (`--spec-id`, default: the plan's `spec.name`). Its
/// *lineage* is every spec sha256 ever published under that id. Plans become current only by
/// publication, and each publication gets the next **revision** of the spec from the store:
/// - `deploy` publishes: a plan whose spec sha256 is already current changes nothing (its fires
///   join, a longer window); one from the lineage (a rollback) becomes the next revision; one never
///   published under the id is refused as possibly another spec that shares the name, unless the
///   deployer names the revision it replaces (`--expect-revision N`, compare-and-swap) or says
///   `--replace`.
/// - an executor (`run PLAN --store`) publishes only the first plan of a spec id the store has never
///   seen. Otherwise it runs the current plan when its file is that plan, stands by when its file is
///   an older plan of the lineage, and refuses to start with a plan outside the lineage.
public enum PublicationRule {
    /// What the store holds of the spec id (nil: nothing, never published).
    public struct Facts: Sendable, Equatable {
        public var name: String
        public var revision: Int64
        public var currentSHA256: String?
        /// Every spec sha256 published under the id.
        public var lineage: Set<String>

        public init(name: String, revision: Int64, currentSHA256: String?, lineage: Set<String>) {
            self.name = name
            self.revision = revision
            self.currentSHA256 = currentSHA256
            self.lineage = lineage
        }
    }

    /// Who asks.
    public enum Intent: Sendable, Equatable {
        /// `almanac-exec deploy`.
        case deploy(expectRevision: Int64?, replace: Bool)
        /// An executor starting, or reading its plan file again.
        case executor
    }

    public enum Decision: Sendable, Equatable {
        /// The plan becomes current as this revision.
        case publish(revision: Int64)
        /// The plan is the current one: its fires join (ones already stored are left as they are).
        case current(revision: Int64)
        /// An executor's plan is an older plan of the spec: it claims nothing until its file is the
        /// current plan again.
        case standBy(current: Int64)
        /// `--expect-revision` named another revision than the current one: nothing published.
        case conflict(expected: Int64, current: Int64)
        /// The plan was never published under the spec id: it may be another spec sharing the name.
        case unrelated(current: Int64)
    }

    public static func decide(sha256: String, intent: Intent, facts: Facts?) -> Decision {
        guard let facts, facts.revision > 0 else {
            if case .deploy(let expected?, _) = intent, expected != 0 { return .conflict(expected: expected, current: 0) }
            return .publish(revision: 1)
        }
        if facts.currentSHA256 == sha256 { return .current(revision: facts.revision) }
        switch intent {
        case .executor:
            return facts.lineage.contains(sha256) ? .standBy(current: facts.revision) : .unrelated(current: facts.revision)
        case .deploy(let expected?, _):
            return expected == facts.revision
                ? .publish(revision: facts.revision + 1) : .conflict(expected: expected, current: facts.revision)
        case .deploy(nil, let replace):
            return replace || facts.lineage.contains(sha256) ? .publish(revision: facts.revision + 1) : .unrelated(current: facts.revision)
        }
    }
}
