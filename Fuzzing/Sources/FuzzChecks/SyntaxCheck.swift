import AlmanacJSON
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime

/// JSON and the value syntaxes (durations, dates, times, date-times, bounds, weekday and month
/// lists, integers, RFC 3339, plan timestamps). The first byte picks one; the rest is the text.
/// Checks: no crash; every syntax error lies inside the text; JSON and timestamps that parse
/// write back to text that parses to the same value.
public enum SyntaxCheck {
    public static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        let length = text.unicodeScalars.count
        func located(_ errors: [SyntaxError]) {
            for e in errors {
                invariant(
                    e.offset >= 0 && e.length >= 0 && e.offset + e.length <= length + 1,
                    "\(e.code.rawValue) '\(e.message)' at \(e.offset)+\(e.length) outside '\(text)' (\(length))")
            }
        }
        func located<T>(_ result: Result<T, SyntaxError>) {
            if case .failure(let e) = result { located([e]) }
        }
        switch selector % 12 {
        case 0: json(rest)
        case 1: located(ValueSyntax.duration(text)); located(ValueSyntax.duration(text, sign: .any))
        case 2: located(ValueSyntax.date(text)); located(ValueSyntax.localDateTime(text))
        case 3: located(ValueSyntax.instant(text)); located(ValueSyntax.bound(text))
        case 4: located(ValueSyntax.moment(text)); located(ValueSyntax.time(text))
        case 5: located(ValueSyntax.weekdays(text, allowOrdinals: true).1); located(ValueSyntax.weekdays(text, allowOrdinals: false).1)
        case 6: located(ValueSyntax.months(text).1)
        case 7: located(ValueSyntax.dayOfMonth(text)); located(ValueSyntax.integer(text, in: -5...5, what: "n"))
        case 8: rfc3339(text)
        case 9: planTimestamp(rest)
        case 10: CommandLineTimes.parse(text)
        default: located(ValueSyntax.hour(text)); located(ValueSyntax.minute(text)); located(ValueSyntax.second(text))
        }
    }

    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONReader.parse(bytes) else { return }
        let written = JSONWriter.inline(value)
        let again: JSONValue
        do { again = try JSONReader.parse(written) } catch {
            invariant(false, "the reader refuses the writer's JSON \(written): \(error)"); return
        }
        invariant(again == value, "JSON read back differs: \(written)")
        invariant(JSONWriter.inline(again) == written, "JSON writing is not canonical: \(written)")
    }

    static func rfc3339(_ text: String) {
        guard let stamp = RFC3339.parse(text) else { return }
        let written = RFC3339.format(stamp.local, offset: stamp.offset)
        invariant(RFC3339.parse(written) == stamp, "RFC 3339 '\(text)' writes as '\(written)', which reads differently")
        if let instant = RFC3339.parseInstant(text) {
            invariant(RFC3339.parseInstant(RFC3339.format(instant)) == instant, "RFC 3339 UTC form of '\(text)' reads differently")
        }
    }

    static func planTimestamp(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            if let instant = PlanTimestamp.parseInstant(buffer) {
                let written = PlanTimestamp.format(instant)
                invariant(PlanTimestamp.parseInstant(written) == instant, "plan instant writes as '\(written)', which reads differently")
            }
            if let (local, offset) = PlanTimestamp.parseLocal(buffer) {
                let written = PlanTimestamp.format(local, offset: offset)
                let again = Array(written.utf8).withUnsafeBufferPointer { PlanTimestamp.parseLocal($0) }
                invariant(
                    again.map { $0.local == local && $0.offset == offset } ?? false,
                    "plan local time writes as '\(written)', which reads differently")
            }
            _ = PlanTimestamp.parseNominal(buffer)
        }
    }
}
