/// What a process can be handed as an argument or an environment value: a C string, which ends at
/// the first NUL. Every writer of a command (unit files, CronJobs, crontab lines) refuses one.
public enum ProcessArgument {
    public static func check(_ text: String) throws(UnwritableText) {
        guard text.utf8.contains(0) else { return }
        let offset =
            text.unicodeScalars.firstIndex(of: "\u{0}").map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) }
            ?? 0
        throw UnwritableText("\u{0}", at: offset, why: "a process's arguments and environment are C strings, which end at NUL")
    }
}
