import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import ArgumentParser

/// `almanac-exec pending --state DIR`: what is registered and what fired last.
struct PendingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "Show the registered fires not yet delivered and the last deliveries in a state directory or a shared store.")

    @Option(help: "The state directory of `run` or `reconcile --state`.")
    var state: String?

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .customShort("n"), help: "How many fires to list of each: the next pending, and the last delivered.")
    var last = 10

    func validate() throws {
        if state == nil && storeOptions.address == nil {
            throw ValidationError("give --state DIR, or --store postgres://… for a shared store")
        }
        if state != nil && storeOptions.store != nil { throw ValidationError("--state and --store are two stores; give one") }
        guard last >= 0 else { throw ValidationError("-n must be 0 or more, not \(last)") }
    }

    func run() throws {
        guard let state else {
            try printStorePending(try requireStore(storeOptions), last: last)
            return
        }
        // Read-only: a missing directory is an error, and nothing in it is created or repaired.
        let journal = try orExit { try Journal.readOnly(directory: state) }
        journal.warnings.forEach(printError)
        let record = try orExit { try RegistrationRecord.read(directory: state) }
        if let record, let fires = record["fires"]?.arrayValue {
            let pending = fires.filter { fire in
                let id = fire["id"]?.stringValue ?? ""
                guard let at = fire["at"]?.stringValue.flatMap(PlanTimestamp.parseInstant) else { return !journal.isDone(id) }
                return !journal.isDone(id, at: at)
            }
            printLine("registered at \(record["now"]?.stringValue ?? "?"); refresh by \(record["refresh_by"]?.stringValue ?? "?")")
            printLine(
                "pending: \(pending.count) of \(fires.count) registered"
                    + (pending.count > last ? "; the next \(last) (-n shows more)" : ""))
            for fire in pending.prefix(last) {
                printLine("  \(fire["at"]?.stringValue ?? "?")  \(fire["id"]?.stringValue ?? "?")")
            }
        } else {
            printLine("nothing registered")
        }
        let recent = journal.recentDeliveries(last)
        printLine(recent.isEmpty ? "last delivered: none" : "last delivered:")
        for entry in recent {
            switch entry {
            case .fire(let id, _, let at, let now): printLine("  \(at)  \(id)  fired at \(now)")
            case .skip(let id, _, let at, let now, let reason): printLine("  \(at)  \(id)  skipped at \(now) (\(reason))")
            default: break
            }
        }
    }
}
