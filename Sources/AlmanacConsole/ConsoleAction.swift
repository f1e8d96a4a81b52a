/// What an operator can do from the console or `POST /api/actions`, each recorded with who and when
/// in the fire's (or trigger's) history. The store performs each in one transaction under the same
/// row locks and states as delivery, so none races an executor's claim.
public enum ConsoleAction: Sendable, Equatable {
    /// No fire of the trigger is claimed until it is resumed; fires that come due meanwhile are skipped.
    case pause(spec: String, trigger: String)
    case resume(spec: String, trigger: String)
    /// A pending fire due now: the next claim of any executor of its plan delivers it.
    case runNow(spec: String, fire: String)
    /// An in-doubt fire pending again: its next start is attempt n + 1 (`ALMANAC_ATTEMPT`).
    case retry(spec: String, fire: String)
    /// An in-doubt fire settled as skipped.
    case skip(spec: String, fire: String)
    /// A pending fire never delivered.
    case cancel(spec: String, fire: String)

    /// The names forms and the API use, in the order pages list them.
    public static let names = ["pause", "resume", "run-now", "retry", "skip", "cancel"]

    /// The action `name` on `spec` and `target` (a trigger id for pause and resume, else a fire id).
    public init?(name: String, spec: String, target: String) {
        guard !spec.isEmpty, !target.isEmpty else { return nil }
        switch name {
        case "pause": self = .pause(spec: spec, trigger: target)
        case "resume": self = .resume(spec: spec, trigger: target)
        case "run-now": self = .runNow(spec: spec, fire: target)
        case "retry": self = .retry(spec: spec, fire: target)
        case "skip": self = .skip(spec: spec, fire: target)
        case "cancel": self = .cancel(spec: spec, fire: target)
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .pause: return "pause"
        case .resume: return "resume"
        case .runNow: return "run-now"
        case .retry: return "retry"
        case .skip: return "skip"
        case .cancel: return "cancel"
        }
    }

    public var spec: String {
        switch self {
        case .pause(let spec, _), .resume(let spec, _), .runNow(let spec, _), .retry(let spec, _), .skip(let spec, _), .cancel(let spec, _):
            return spec
        }
    }

    /// The trigger id (pause, resume) or the fire id (the others).
    public var target: String {
        switch self {
        case .pause(_, let trigger), .resume(_, let trigger): return trigger
        case .runNow(_, let fire), .retry(_, let fire), .skip(_, let fire), .cancel(_, let fire): return fire
        }
    }

    /// Whether it names a trigger rather than a fire.
    public var isTriggerAction: Bool {
        switch self {
        case .pause, .resume: return true
        default: return false
        }
    }
}
