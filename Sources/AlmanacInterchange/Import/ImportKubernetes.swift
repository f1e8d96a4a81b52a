import AlmanacJSON
import AlmanacModel
import AlmanacSpec
import AlmanacTime

/// Kubernetes CronJob manifests (one or several YAML documents) → `cron:` triggers.
///
/// `spec.schedule` is a cron line the controller reads with robfig/cron's standard parser (five
/// fields and the `@` macros; `RobfigSpec` says where it differs from Vixie cron), rewritten when
/// Almanac's `cron:` would read the text otherwise, in
/// `spec.timeZone` (the controller's zone, normally UTC, when absent). `CRON_TZ=`/`TZ=` in the
/// schedule are refused, as the API server refuses them. Documents of other kinds are skipped; a
/// `kind: List` (what `kubectl get -o yaml` writes) is read item by item.
struct KubernetesImporter {
    let file: SourceFile

    func run(into spec: inout ImportSpecWriter, _ diagnostics: inout DiagnosticBag) {
        var quirks = ClockChangeAnswers()
        for document in Self.documents(file.bytes) {
            var bag = DiagnosticBag()
            guard let root = YAMLComposer.compose(document.bytes, firstLine: document.firstLine, diagnostics: &bag) else {
                diagnostics.emit(contentsOf: bag.diagnostics)
                continue
            }
            diagnostics.emit(contentsOf: bag.diagnostics)
            // `kubectl get cronjobs -o yaml` writes one `kind: List` whose `items` are the CronJobs.
            var objects = [root]
            if Self.child(root, "kind")?.scalar == "List" { objects = Self.child(root, "items")?.sequence.map { Array($0) } ?? [] }
            for object in objects where object.mapping != nil && Self.child(object, "kind")?.scalar == "CronJob" {
                if let trigger = cronJob(object, &spec, &quirks, &diagnostics) { spec.triggers.append(trigger) }
            }
        }
    }

    /// Each document's bytes and the line (1-based) it starts on in the file, so its nodes keep the
    /// file's line and column numbers. Why not blank the lines outside each document: that made every
    /// document as long as the file, quadratic in the documents (10,000 CronJobs took minutes).
    static func documents(_ bytes: [UInt8]) -> [(bytes: [UInt8], firstLine: Int)] {
        var documents: [(bytes: [UInt8], firstLine: Int)] = []
        var docStart = 0, docLine = 1, line = 1, lineStart = 0
        func close(at end: Int) {
            let doc = Array(bytes[docStart..<end])
            if doc.contains(where: { $0 != 0x0A && $0 != 0x20 && $0 != 0x0D }) { documents.append((doc, docLine)) }
        }
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            let isMarker =
                lineEnd - lineStart >= 3 && bytes[lineStart] == 0x2D && bytes[lineStart + 1] == 0x2D && bytes[lineStart + 2] == 0x2D
                && (lineEnd - lineStart == 3 || [0x0A, 0x0D, 0x20, 0x09].contains(bytes[lineStart + 3]))
            if isMarker {
                close(at: lineStart)
                // The document starts after its `---` line.
                docStart = lineEnd
                docLine = line + 1
            }
            line += 1
            lineStart = lineEnd
        }
        close(at: bytes.count)
        return documents
    }

    static func child(_ node: YAMLNode, _ key: String) -> YAMLNode? {
        node.mapping?.first { $0.key.scalar == key }?.value
    }

    private func cronJob(
        _ root: YAMLNode, _ spec: inout ImportSpecWriter, _ known: inout ClockChangeAnswers,
        _ diagnostics: inout DiagnosticBag
    ) -> ImportedTrigger? {
        let name = Self.child(root, "metadata").flatMap { Self.child($0, "name") }?.scalar ?? ""
        guard let body = Self.child(root, "spec"), body.mapping != nil else {
            diagnostics.emit(Diagnostic(.importKubernetesMissing("spec"), at: root.range))
            return nil
        }
        guard let scheduleNode = Self.child(body, "schedule") else {
            diagnostics.emit(Diagnostic(.importKubernetesMissing("spec.schedule"), at: body.range))
            return nil
        }
        guard let schedule = scheduleNode.scalar else {
            diagnostics.emit(Diagnostic(.importKubernetesField("spec.schedule", expected: "a cron line"), at: scheduleNode.range))
            return nil
        }
        if schedule.hasPrefix("CRON_TZ=") || schedule.hasPrefix("TZ=") {
            let word = schedule.prefix { $0 != " " }
            diagnostics.emit(
                Diagnostic(.importKubernetesCronTZ, at: scheduleNode.range(ofValueCharacters: 0, length: word.unicodeScalars.count)))
            return nil
        }
        if schedule.hasPrefix("@every") {
            let word = schedule.prefix { $0 != " " }
            diagnostics.emit(
                Diagnostic(
                    .importUnsupportedEvery, at: scheduleNode.range(ofValueCharacters: 0, length: word.unicodeScalars.count)))
            return nil
        }
        // The controller's reading (robfig/cron), written so that Almanac's `cron:` fires the same.
        let robfig: RobfigSpec
        switch RobfigSpec.parse(schedule) {
        case .failure(let refusal):
            diagnostics.emit(
                Diagnostic(
                    .importKubernetesSchedule(refusal.reason),
                    at: scheduleNode.range(ofValueCharacters: refusal.offset, length: refusal.length)))
            return nil
        case .success(let r): robfig = r
        }
        if [robfig.minutes, robfig.hours, robfig.daysOfMonth, robfig.months, robfig.daysOfWeek].contains(0) {
            diagnostics.emit(
                Diagnostic(.importKubernetesNever, at: scheduleNode.range(ofValueCharacters: 0, length: schedule.unicodeScalars.count)))
            return nil
        }
        let asWritten = CronParser.parse(schedule).0
        let written = asWritten.map { RobfigText.sameFires($0, robfig) } == true ? schedule : RobfigText.vixie(robfig)
        var zone = "UTC"
        var zoneComment = "no `spec.timeZone`: the controller's zone, UTC for kube-controller-manager's default, is assumed."
        if let zoneNode = Self.child(body, "timeZone") {
            guard let value = zoneNode.scalar, ZoneNames.isKnown(value) else {
                diagnostics.emit(Diagnostic(.importUnknownZone(zoneNode.scalar ?? ""), at: zoneNode.range))
                return nil
            }
            zone = value
            zoneComment = "zone from `spec.timeZone`."
        }
        var trigger = ImportedTrigger(id: spec.uniqueID(from: name, fallback: "cronjob"))
        trigger.comment("CronJob \(name) (line \(root.range.start.line)); \(zoneComment)")
        // robfig/cron v3 (the controller's parser) steps through real time (`Time.Add`): a time a
        // spring-forward removes is never reached (robfig/cron#541), and after the first pass of a
        // repeated hour, adding minutes reaches the same wall times again, whatever the hour field.
        trigger.comment("DST: the controller (robfig/cron v3) never reaches a time a spring-forward removes (`gap: skip`);")
        trigger.comment("it steps in elapsed time, so a time a fall-back repeats runs in both passes (`overlap: both`).")
        if written != schedule {
            trigger.comment("robfig/cron reads `\(schedule)` as `\(written)` does in Almanac's cron (Vixie's day rule): written so.")
            trigger.comment("(robfig: `?` is `*`; `N/step` runs to the field's end; `*/N` with N > 1 clears the star, so the days OR.)")
        }
        trigger.set("cron", quoted: written)
        trigger.set("timezone", zone)
        trigger.set("dst", "{gap: skip, overlap: both}")
        // The controller starts the latest schedule it missed (within startingDeadlineSeconds), once.
        trigger.set("misfire", "once")
        let quirks = known.differences(robfig, schedule: schedule, zone: zone)
        if !quirks.isEmpty {
            let summary = RobfigClockChanges.summary(quirks)
            diagnostics.emit(Diagnostic(.importKubernetesClockChange(zone: zone, days: summary), at: scheduleNode.range))
            trigger.comment("The controller fires otherwise than this spec on clock-change days in \(zone): \(summary).")
        }
        if let suspend = Self.child(body, "suspend")?.scalar, suspend == "true" {
            trigger.comment("`suspend: true`: kept, disabled.")
            trigger.set("enabled", "false")
        }
        if let policy = Self.child(body, "concurrencyPolicy")?.scalar {
            let mapped = ["Allow": "allow", "Forbid": "forbid", "Replace": "replace"][policy]
            if let mapped {
                if mapped != "allow" { trigger.set("concurrency", mapped) }
            } else {
                diagnostics.emit(
                    Diagnostic(
                        .importKubernetesField("spec.concurrencyPolicy", expected: "Allow, Forbid or Replace"),
                        at: Self.child(body, "concurrencyPolicy")!.range))
                return nil
            }
        }
        if let deadline = Self.child(body, "startingDeadlineSeconds")?.scalar {
            trigger.comment(
                "`startingDeadlineSeconds: \(deadline)`: an executor's misfire grace (`almanac-exec run --grace \(deadline)s`).")
        }
        // The first container: image, command and args.
        let containers = Self.child(body, "jobTemplate").flatMap { Self.child($0, "spec") }.flatMap { Self.child($0, "template") }
            .flatMap { Self.child($0, "spec") }.flatMap { Self.child($0, "containers") }?.sequence
        if let container = containers?.first {
            var command: [JSONValue] = []
            for key in ["command", "args"] {
                guard let items = Self.child(container, key)?.sequence else { continue }
                for item in items {
                    if let s = item.scalar { command.append(.string(s)) }
                }
            }
            if !command.isEmpty { trigger.payload.append(("command", .array(command))) }
            if let image = Self.child(container, "image")?.scalar { trigger.payload.append(("image", .string(image))) }
            if let c = containers, c.count > 1 { trigger.comment("\(c.count) containers: the payload carries the first.") }
        }
        return trigger
    }
}
