import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `registered.json` in the state directory: what the last reconcile registered, for `pending`.
/// Replaced atomically (write, fsync, rename) so a reader never sees half of it.
public enum RegistrationRecord {
    public static let fileName = "registered.json"

    /// The record's text.
    public static func render(_ registration: Reconciler.Registration, plan: Plan, now: Instant) -> String {
        var text = "{\n  \"now\": \"\(now)\",\n"
        text +=
            "  \"spec\": {\"name\": \(JSONWriter.quoted(plan.spec.name))"
            + (plan.spec.sha256.map { ", \"sha256\": \"\($0)\"" } ?? "") + "},\n"
        text += "  \"refresh_by\": \"\(registration.refreshBy)\",\n"
        text += "  \"future_fires\": \(registration.futureFires),\n"
        text += "  \"regions\": [" + registration.regions.map { JSONWriter.quoted($0.trigger) }.joined(separator: ", ") + "],\n"
        text += "  \"fires\": ["
        for (i, fire) in registration.fires.enumerated() {
            text += (i == 0 ? "\n    " : ",\n    ") + "{\(FireDescription.fields(fire))}"
        }
        text += registration.fires.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// Writes the record into `directory`.
    public static func write(_ registration: Reconciler.Registration, plan: Plan, now: Instant, directory: String) throws {
        let path = directory + "/" + fileName
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        do {
            try writeAll(fd, Array(render(registration, plan: plan, now: now).utf8), to: temporary)
            fsync(fd)
            close(fd)
        } catch {
            close(fd)
            throw error
        }
        guard rename(temporary, path) == 0 else { throw ExecutorError("cannot replace \(path): \(String(cString: strerror(errno)))") }
    }

    /// The record in `directory`, if there is one.
    public static func read(directory: String) throws -> JSONValue? {
        let path = directory + "/" + fileName
        guard access(path, F_OK) == 0 else { return nil }
        return try JSONReader.parse(try FileBytes.read(path))
    }
}
