import AlmanacCommandLine
import AlmanacTime

/// The times both executables read from their command lines (`--from`, `--now`, durations): one
/// parser, `TimeArgument`, for instants, dates, `today` and `now`; the executor's durations.
enum CommandLineTimes {
    static func parse(_ text: String) {
        _ = TimeArgument.parse(text)
        _ = TimeArgument.duration(text)
    }
}
