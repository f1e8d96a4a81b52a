import NIOCore

/// Runs Swift tasks on the server's own event loop thread: the server's request handling (the task
/// that runs it and the child tasks it makes per connection, which inherit the preference) never
/// waits for the shared concurrency pool, whose few threads (one per core) other work can hold —
/// the cluster runner's, or another test's — and never takes a thread of that pool from it.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
