import Foundation

extension Instant {
    /// The second `date` falls in (a fraction is dropped, towards the past): how an app hands its
    /// clock's `Date()` to the libraries, which never read a clock themselves.
    public init(_ date: Date) {
        self.init(secondsSinceEpoch: Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}
