import AlmanacModel
import AlmanacTime

/// `once:` — one local date-time, or one instant.
enum OnceReader: KindReader {
    static let key = "once"

    static func read(_ node: YAMLNode, in trigger: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind? {
        guard let bound = v.parse(node, "`once`", ValueSyntax.bound) else { return nil }
        switch bound {
        case .local(let l): return .once(OnceRule(.local(l)))
        case .instant(let i): return .once(OnceRule(.instant(i)))
        case .date(let d):
            v.diagnostics.emit(Diagnostic(.onceNeedsTime(example: "\(d)"), at: node.range))
            return nil
        }
    }
}

extension OnceRule: SpecKind {
    static var reader: any KindReader.Type { OnceReader.self }
}
