import AlmanacCompiler
import AlmanacExecutor

/// The times both executables read from their command lines (`--from`, `--at`, `--now`, durations).
enum CommandLineTimes {
    static func parse(_ text: String) {
        _ = AlmanacCompiler.TimeArgument(text)
        _ = AlmanacExecutor.TimeArgument.instant(text)
        _ = AlmanacExecutor.TimeArgument.duration(text)
    }
}
