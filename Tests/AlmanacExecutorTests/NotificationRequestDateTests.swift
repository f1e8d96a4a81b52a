import AlmanacPlan
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExecutor

/// A request's date components name the fire's instant whatever calendar the phone is set to: the
/// Gregorian calendar and UTC are set on the components, which the calendar trigger then reads.
/// Without them the components are read in the device's calendar, and a Buddhist, Japanese or
/// Persian phone reads year 2026 as another year (the control below shows it).
@Suite struct NotificationRequestDateTests {
    static let deviceCalendars: [Calendar.Identifier] = [.gregorian, .buddhist, .japanese, .persian, .hebrew, .islamicUmmAlQura, .chinese]

    @Test(arguments: [0, 1_795_410_000, 1_803_086_399, 4_102_444_799] as [Int64])
    func componentsNameTheInstantInEveryDeviceCalendar(_ seconds: Int64) throws {
        let instant = Instant(secondsSinceEpoch: seconds)
        let request = NotificationRequest(
            Fire(at: instant, trigger: "t", offset: 0, nominalWall: seconds), trigger: PlanTrigger(kind: "once"))
        let components = try #require(request.dateComponents)
        #expect(components.calendar?.identifier == .gregorian && components.timeZone?.secondsFromGMT() == 0)
        for identifier in Self.deviceCalendars {
            var device = Calendar(identifier: identifier)
            device.timeZone = TimeZone(identifier: "Asia/Tokyo")!
            // As the trigger does: the components' own calendar when they carry one, else the device's.
            let date = try #require((components.calendar ?? device).date(from: components), "\(identifier)")
            #expect(Int64(date.timeIntervalSince1970) == seconds, "\(identifier)")
        }
    }

    @Test func withoutTheCalendarABuddhistPhoneReadsAnotherYear() throws {
        let request = NotificationRequest(
            Fire(at: Instant(secondsSinceEpoch: 1_795_410_000), trigger: "t", offset: 0, nominalWall: 1_795_410_000),
            trigger: PlanTrigger(kind: "once"))
        var bare = try #require(request.dateComponents)
        bare.calendar = nil
        bare.timeZone = nil
        var buddhist = Calendar(identifier: .buddhist)
        buddhist.timeZone = TimeZone(identifier: "UTC")!
        let read = try #require(buddhist.date(from: bare))
        #expect(Int64(read.timeIntervalSince1970) != 1_795_410_000)
        #expect(NotificationRequest(identifier: "x", date: nil, content: .init(title: "x"), userInfo: [:]).dateComponents == nil)
    }
}
