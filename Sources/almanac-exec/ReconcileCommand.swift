import AlmanacExecutor
import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `almanac-exec reconcile PLAN --now T`: cancel all, register the future fires within the budget.
struct ReconcileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Cancel everything, then register the fires after --now (at most max_pending: the soonest first, then by priority).")

    @Argument(help: "The plan file.")
    var plan: String

    @Option(help: "The current instant: RFC 3339, a date (local midnight in the plan's zone), `today` or `now`.")
    var now: String

    @Option(help: "Also record the registration in this state directory (for `pending`).")
    var state: String?

    @Option(
        help: ArgumentHelp(
            "Where the device is, when more regions are armed than max_regions: the nearest are watched, with a refresh region.",
            valueName: "LAT,LON"))
    var position: String?

    @OptionGroup var backendOptions: BackendOptions

    /// `--position` as a fix at `now`; a usage error when it is not two numbers on Earth.
    func positionFix(at now: Instant) throws -> LocationFix? {
        guard let position else { return nil }
        let parts = position.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]), latitude.isFinite,
            longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
        else {
            throw ValidationError("--position must be LAT,LON in degrees (latitude -90…90, longitude -180…180), not '\(position)'")
        }
        return LocationFix(at: now, latitude: latitude, longitude: longitude)
    }

    func validate() throws {
        _ = try parseInstant(now, "--now")
        _ = try positionFix(at: Instant(secondsSinceEpoch: 0))
    }

    func run() throws {
        let plan = try loadPlan(self.plan)
        let now = try parseInstant(self.now, "--now", zone: dateZone(of: plan.header))
        let backend = try backendOptions.make(capacity: plan.header.limits.maxPending)
        let registration = try orExit(prefix: "\(self.plan): ") {
            try Reconciler.reconcile(
                plan, now: now, backend: backend, strategy: backendOptions.reconcileStrategy, position: positionFix(at: now))
        }
        if let state {
            try orExit {
                // Only the registration record is written; the journal is not opened.
                if mkdir(state, 0o755) != 0 && errno != EEXIST {
                    throw ExecutorError("cannot create state directory \(state): \(String(cString: strerror(errno)))")
                }
                try RegistrationRecord.write(registration, plan: plan.header, now: now, directory: state)
            }
        }
        // refresh_by is never at or before now: a plan that has ended has none (compile a new one).
        let refreshBy = registration.refreshBy > now ? "\"\(registration.refreshBy)\"" : "null"
        var line =
            "{\"now\": \"\(now)\", \"registered\": \(registration.fires.count), \"future_fires\": \(registration.futureFires), "
            + "\"regions\": \(registration.regions.count), \"refresh_by\": \(refreshBy)"
            + (registration.regionsChangeAt.map { ", \"regions_change_at\": \"\($0)\"" } ?? "")
        let expiry = Reconciler.expiry(of: plan.header, now: now)
        switch expiry {
        case .fresh: break
        case .expiring(let end): line += ", \"plan\": \"expiring\", \"window_to\": \"\(end)\""
        case .expired(let end): line += ", \"plan\": \"expired\", \"window_to\": \"\(end)\""
        }
        print(line + "}")
        switch expiry {
        case .fresh:
            return
        case .expiring(let end):
            printError(
                "warning: \(self.plan): the plan's window ends at \(end), before now + min_coverage "
                    + "(\(Reconciler.coverageEnd(of: plan.header, now: now))): fires after it are not registered; "
                    + "compile a plan that reaches further and reconcile again")
        case .expired(let end):
            printError(
                "warning: \(self.plan): the plan's window ended at \(end), at or before now (\(now)): nothing can be "
                    + "registered; compile a new plan and reconcile again")
        }
        throw ExitCode(1)
    }
}
