/// W025x: what runs a spec (`runs_on`), and the budgets that follow from it.
extension DiagnosticMessage {
    // MARK: W0250 phoneCeiling

    /// `what` is `max_pending` or `max_regions`; `holds` what the platform keeps (`pending notifications`).
    package static func phoneCeiling(_ what: String, _ value: Int, ceiling: Int, holds: String) -> DiagnosticMessage {
        .init(
            .phoneCeiling,
            "\(what) \(value) is more than a phone holds: iOS keeps \(ceiling) \(holds) per app and drops the rest; "
                + "write at most \(ceiling), or `runs_on: server` when a server runs this spec")
    }
}
