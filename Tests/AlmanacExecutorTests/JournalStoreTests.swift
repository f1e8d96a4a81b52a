import AlmanacExecutor
import AlmanacExecutorTestSupport
import AlmanacPlan
import AlmanacTime
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each journal store against the one conformance suite.
@Suite(.serialized) struct JournalStoreTests {
    enum Kind: String, CaseIterable, Sendable { case memory, file }

    static func conformance(_ kind: Kind) -> JournalStoreConformance {
        switch kind {
        case .memory:
            return JournalStoreConformance(make: { MemoryJournalStore() }, reopen: { $0 })
        case .file:
            nonisolated(unsafe) var count = 0
            return JournalStoreConformance(
                make: {
                    count += 1
                    return try FileJournalStore(directory: TestPlans.scratchDirectory("conformance-\(count)"))
                },
                reopen: { store in
                    // The old store's lock must be released first: reopen as the next process would.
                    let directory = (store as! FileJournalStore).directory
                    return try FileJournalStore(directory: directory, mode: .readOnly)
                })
        }
    }

    @Test(arguments: Kind.allCases) func passesTheConformanceSuite(_ kind: Kind) throws {
        try Self.conformance(kind).runAll()
    }
}
