import NIOCore
import NIOPosix

/// Sleeps, deadlines and elapsed time for the store and the cluster runner, on SwiftNIO's event
/// loop timers and the monotonic clock.
///
/// Not `Task.sleep`: on Linux it arms a Dispatch timer at an absolute deadline read from the
/// process's clock, and under libfaketime (even `faketime -f +0`, which makes `CLOCK_MONOTONIC`
/// read like the wall clock) that deadline lies decades ahead of the kernel's, so the sleep never
/// ends — an executor that neither delivered nor stopped on SIGTERM. NIO arms its timer file
/// descriptor with a relative interval, which no shift of the clock's readings can move
/// (`scripts/test/cluster-chaos.sh` runs an executor under faketime).
public enum StoreTimer {
    /// Seconds on the monotonic clock: differences are elapsed time, whatever the wall clock does.
    public static func now() -> Double {
        Double(NIODeadline.now().uptimeNanoseconds) / 1_000_000_000
    }

    /// Sleeps `seconds`; throws `CancellationError` at once when the task is cancelled.
    public static func sleep(_ seconds: Double) async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let scheduled = loop.scheduleTask(in: amount(seconds)) {}
        try await withTaskCancellationHandler {
            do {
                try await scheduled.futureResult.get()
            } catch {
                throw CancellationError()
            }
        } onCancel: {
            scheduled.cancel()
        }
    }

    /// Calls `action` after `seconds` unless the returned timer is cancelled first.
    static func after(_ seconds: Double, _ action: @escaping @Sendable () -> Void) -> Scheduled<Void> {
        MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: amount(seconds), action)
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        // Clamped: a wait computed from a far-off or negative instant is still a valid timer.
        .nanoseconds(Int64(max(0, min(seconds, 86_400 * 365)) * 1_000_000_000))
    }
}
