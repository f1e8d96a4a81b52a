import AlmanacPlan
import ArgumentParser
import Foundation

#if PostgreSQL
import AlmanacPostgres
#endif

/// `almanac-exec deploy PLAN --store …`: publishes a plan as the next revision of its spec, the one
/// way (besides a spec's very first executor) a plan becomes current in a shared store.
struct DeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Publish a plan to a PostgreSQL store as its spec's next revision; executors then run it.",
        discussion: """
            Exit status 1, nothing published: the spec id already holds plans and PLAN was never one of them (it may be \
            another spec that shares the name: give it its own --spec-id; or a new version: say so with --expect-revision N \
            or --replace), or --expect-revision names another revision than the current one. A PLAN that is already current \
            publishes nothing new (its fires join: a longer window) and exits 0.
            """)

    @Argument(help: "The plan file.")
    var plan: String

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "The spec's identity in the store (default: the plan's spec name).")
    var specID: String?

    @Option(help: "Publish only if the spec's current revision is N (compare-and-swap; 0 for a spec never published).")
    var expectRevision: Int64?

    @Flag(help: "Publish even over a spec id whose plans never included PLAN (a new version, or taking the id over).")
    var replace = false

    func validate() throws {
        if let specID { try validateSpecID(specID) }
        if let expectRevision, expectRevision < 0 { throw ValidationError("--expect-revision must be 0 or more, not \(expectRevision)") }
    }

    func run() throws {
        let address = try requireStore(storeOptions)
        #if PostgreSQL
        let (plan, specID, intent) = (
            self.plan, self.specID, PublicationRule.Intent.deploy(expectRevision: expectRevision, replace: replace)
        )
        let source = try orExit(prefix: "\(plan): ") { try PlanFireSource.open(path: plan) }
        let environment = ProcessInfo.processInfo.environment
        let by = "deploy (\(environment["USER"] ?? environment["LOGNAME"] ?? "?")@\(ProcessInfo.processInfo.hostName))"
        let publication = try withStore(address) { store in
            try await store.checkSchema()
            return try await store.publish(source, specID: specID, intent: intent, by: by, planPath: plan)
        }
        let id = publication.specID
        let fires =
            publication.alreadyStored
            ? "its fires were stored before"
            : "\(publication.inserted) new fires"
                + (publication.expired > 0 ? " (\(publication.expired) already past, never delivered)" : "")
        switch publication.decision {
        case .publish(let revision):
            printLine(
                "published \(plan) as revision \(revision) of spec '\(id)' (sha256 \(source.header.spec.sha256?.prefix(12) ?? "none")): \(fires)"
                    + (publication.cancelled > 0 ? "; \(publication.cancelled) pending fires of the previous plan cancelled" : ""))
        case .current(let revision):
            printLine("\(plan) is already the current plan of spec '\(id)' (revision \(revision)): \(fires)")
        case .conflict(let expected, let current):
            printError("spec '\(id)' is at revision \(current), not \(expected) (--expect-revision): nothing published")
            throw ExitCode(1)
        case .unrelated(let current), .standBy(let current):
            let stored = publication.stored
            printError(
                "\(plan) (spec '\(source.header.spec.name)', sha256 \(source.header.spec.sha256?.prefix(12) ?? "none")) was never published "
                    + "as spec id '\(id)', which holds another plan: revision \(current) (spec '\(stored?.name ?? "?")', sha256 "
                    + "\(stored?.currentSHA256?.prefix(12) ?? "none"), first published \(stored?.firstPublished ?? "?")); nothing published. "
                    + "If it is a new version of that spec: --expect-revision \(current) (or --replace); if it is another spec that shares "
                    + "the name: --spec-id OTHER")
            throw ExitCode(1)
        }
        #endif
    }
}
