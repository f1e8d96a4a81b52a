import AlmanacEscaping
import AlmanacJSON
import AlmanacPlan

/// The Markdown form of a plan diff, for a pull-request comment: the summary, a table of plan-level
/// changes, a table of changed triggers, then a collapsed `<details>` section per trigger listing
/// its first fire changes and counting the rest.
public enum PlanDiffMarkdown {
    /// The whole comment, ending in a newline.
    public static func render(_ diff: PlanDiff, _ options: PlanDiffOptions) -> String {
        var out = "### Almanac plan diff\n\n"
        out += "\(code(options.oldLabel)) → \(code(options.newLabel))\n\n"
        out += "**\(escape(diff.summary))**\n"
        if diff.isEmpty { return out }
        var rows: [[String]] = []
        if let window = diff.window {
            rows.append(["window", PlanDiffText.interval(window.old), PlanDiffText.interval(window.new)])
        }
        if let tzdata = diff.tzdata { rows.append(["tzdata", code(tzdata.old), code(tzdata.new)]) }
        if let limits = diff.limits {
            rows.append([
                "limits", "max_pending \(limits.old.maxPending), max_regions \(limits.old.maxRegions)",
                "max_pending \(limits.new.maxPending), max_regions \(limits.new.maxRegions)",
            ])
        }
        if let spec = diff.spec {
            if spec.old.name != spec.new.name { rows.append(["spec name", code(spec.old.name), code(spec.new.name)]) }
            rows.append([
                "spec sha256", code(PlanDiff.shortDigest(spec.old.sha256, ellipsis: false)),
                code(PlanDiff.shortDigest(spec.new.sha256, ellipsis: false)),
            ])
        }
        if !rows.isEmpty { out += "\n" + table(["field", "old", "new"], rows) }
        if diff.triggers.isEmpty { return out }
        out +=
            "\n"
            + table(
                ["trigger", "status", "added", "removed", "moved", "attributes changed"],
                diff.triggers.map { t in
                    [
                        code(t.id), t.status.rawValue, "\(t.added)", "\(t.removed)", "\(t.moved)",
                        t.changedAttributes.joined(separator: ", "),
                    ]
                })
        for trigger in diff.triggers { out += "\n" + section(trigger, diff, options) }
        return out
    }

    /// A `<details>` block: attribute changes as a list, fire changes as a table.
    static func section(_ trigger: TriggerDiff, _ diff: PlanDiff, _ options: PlanDiffOptions) -> String {
        var title = "<code>\(trigger.id)</code> (\(trigger.status.rawValue))"
        if let counts = PlanDiffText.fireCounts(trigger) { title += ": " + counts }
        var out = "<details>\n<summary>\(title)</summary>\n\n"
        switch trigger.status {
        case .added: out += "- added: \(escape(PlanDiffText.definition(diff.new.triggers[trigger.id])))\n"
        case .removed: out += "- removed: \(escape(PlanDiffText.definition(diff.old.triggers[trigger.id])))\n"
        case .changed: break
        }
        for line in ruleLines(trigger, options) { out += "- \(line)\n" }
        for line in PlanDiffText.attributeLines(trigger, quote: { code($0, inTable: false) }) { out += "- \(line)\n" }
        let listed = diff.fireChanges(of: trigger, limit: options.limit)
        if !listed.isEmpty {
            // A table needs a blank line before it, after the list of attribute changes.
            if !out.hasSuffix("\n\n") { out += "\n" }
            out += table(["change", "fire", "old", "new", "shift"], listed.map(row))
        }
        let rest = trigger.fireChangeCount - listed.count
        if rest > 0 { out += "\n…and \(rest) more fire change\(rest == 1 ? "" : "s").\n" }
        return out + "\n</details>\n"
    }

    /// The trigger's rule in words where a side is a spec: once when both sides say the same,
    /// else before and after (an added trigger has only an after, a removed one only a before).
    static func ruleLines(_ trigger: TriggerDiff, _ options: PlanDiffOptions) -> [String] {
        let before = trigger.status == .added ? nil : options.oldRules[trigger.id]
        let after = trigger.status == .removed ? nil : options.newRules[trigger.id]
        if let before, let after, before == after { return ["rule (unchanged): \(escape(before))"] }
        var lines: [String] = []
        if let before { lines.append("rule before: \(escape(before))") }
        if let after { lines.append("rule after: \(escape(after))") }
        return lines
    }

    static func row(_ change: PlanDiff.FireChange) -> [String] {
        switch change {
        case .added(let fire): return ["added", code(fire.id), "", PlanDiffText.local(fire), ""]
        case .removed(let fire): return ["removed", code(fire.id), PlanDiffText.local(fire), "", ""]
        case .moved(let from, let to):
            return ["moved", code(to.id), PlanDiffText.local(from), PlanDiffText.local(to), PlanDiff.shift(from: from.at, to: to.at)]
        }
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: "---|", count: header.count) + "\n"
        for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        return out
    }

    /// An inline code span that survives backticks in the text, and pipes when it sits in a table
    /// (GitHub splits cells on `|` even inside code spans).
    static func code(_ text: String) -> String { code(text, inTable: true) }

    static func code(_ text: String, inTable: Bool) -> String {
        // A line break would end the table row or list item, a bidirectional control reorder the
        // comment: shown `\u{…}` as on a terminal.
        let text = TerminalText.visible(text)
        let fence = text.contains("`") ? "``" : "`"
        let padded = text.contains("`") ? " \(text) " : text
        return fence + (inTable ? padded.replacingPipes() : padded) + fence
    }

    /// Text safe inside a table cell or a list item: pipes, angle brackets and emphasis characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in TerminalText.visible(text) {
            switch c {
            case "|", "*", "_", "`", "[", "]", "\\": out += "\\\(c)"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}

extension String {
    /// Pipes escaped, as GitHub needs even inside code spans in a table.
    fileprivate func replacingPipes() -> String {
        var out = ""
        for c in self { if c == "|" { out += "\\|" } else { out.append(c) } }
        return out
    }
}
