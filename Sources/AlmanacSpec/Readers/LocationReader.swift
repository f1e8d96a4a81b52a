import AlmanacModel
import AlmanacTime

/// `location:` — a region (named under `regions:` or inline), the crossing, a cooldown.
enum LocationReader: KindReader {
    static let key = "location"
    static let keys: KeyList = ["region", "on", "cooldown"]

    static func read(_ node: YAMLNode, in trigger: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind? {
        location(node, &v).map(TriggerKind.location)
    }

    static func location(_ node: YAMLNode, _ v: inout SpecValidator) -> LocationRule? {
        if let name = node.scalar, !node.isNull {
            // The region it names is meant to be used; do not also call it unused.
            v.usedRegions.insert(name)
            v.diagnostics.emit(Diagnostic(.locationNotAMapping(region: name), at: node.range))
            return nil
        }
        guard let m = MappingReader(node, "`location`", known: keys, diagnostics: &v.diagnostics) else { return nil }
        guard let r = m["region"] else {
            v.diagnostics.emit(
                Diagnostic(.locationNeedsRegion, at: node.range))
            return nil
        }
        var region: Region?
        if r.mapping != nil {
            region = v.region(r, name: nil)
        } else if let name = v.text(r, "`region`") {
            if let known = v.regions[name] {
                v.usedRegions.insert(name)
                region = known
            } else if v.brokenRegions.contains(name) {
                // Its definition already has an error; calling the name unknown would be wrong.
                v.usedRegions.insert(name)
            } else {
                let names = (Array(v.regions.keys) + v.brokenRegions).sorted()
                let meant = Suggestion.closest(to: name, among: names)
                if let meant { v.usedRegions.insert(meant) }
                let hint =
                    meant.map { "; did you mean '\($0)'?" }
                    ?? (names.isEmpty
                        ? "; define it under `regions:` or write it inline" : "; known regions: " + names.joined(separator: ", "))
                v.diagnostics.emit(Diagnostic(.regionUnknown(name, hint: hint), at: r.range))
            }
        }
        var on = LocationRule.Event.enter
        if let o = m["on"] {
            guard let e = v.choice(o, "`on`", LocationRule.Event.self) else { return nil }
            on = e
        }
        var cooldown: TimeSpan?
        if let c = m["cooldown"] {
            guard let d = v.parse(c, "`cooldown`", { ValueSyntax.duration($0, sign: .nonNegative) }) else { return nil }
            cooldown = d
        }
        guard let region else { return nil }
        return LocationRule(region: region, on: on, cooldown: cooldown)
    }
}

extension LocationRule: SpecKind {
    static var reader: any KindReader.Type { LocationReader.self }
}
