import AlmanacModel
import AlmanacTime

/// `cron:` — a five-field cron expression (Vixie semantics).
enum CronReader: KindReader {
    static let key = "cron"

    static func read(_ node: YAMLNode, in trigger: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind? {
        guard let text = v.text(node, "`cron`") else { return nil }
        let (expression, errors) = CronParser.parse(text)
        for e in errors { v.diagnostics.emit(e.diagnostic(in: node)) }
        return expression.map(TriggerKind.cron)
    }
}

extension CronExpression: SpecKind {
    static var reader: any KindReader.Type { CronReader.self }
}
