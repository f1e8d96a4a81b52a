import AlmanacTime
import Testing

@testable import AlmanacInterchange

/// `RobfigClockChanges` asks `RobfigNext` only near an offset change and takes the plan's fires
/// elsewhere; here it is held to asking for every fire, over the 2026 changes of zones with
/// 1-hour, 30-minute, 45-minute-offset, 2-hour and midnight changes, for schedules whose fires,
/// hour truncations and day truncations fall on either side of each change.
@Suite struct RobfigClockChangesTests {
    static let year2026 = (from: Instant(secondsSinceEpoch: 1_767_225_600), to: Instant(secondsSinceEpoch: 1_798_761_600))

    @Test(arguments: RobfigNextJumpTests.zones)
    func askingNearTheChangesGivesWhatAskingForEveryFireGives(_ zone: String) throws {
        var differing = 0
        for text in RobfigNextJumpTests.schedules {
            let spec = try RobfigSpec.parse(text).get()
            let policy = DSTPolicy(gap: .skip, overlap: .both)
            let all = RobfigClockChanges.differences(spec, zone: zone, policy: policy, years: Self.year2026, exhaustive: true)
            let near = RobfigClockChanges.differences(spec, zone: zone, policy: policy, years: Self.year2026)
            #expect(near == all, "\(text) in \(zone)")
            differing += all.count
        }
        // Not only a comparison of empty lists: robfig and the plan part on Lord Howe's days.
        if zone == "Australia/Lord_Howe" { #expect(differing > 0) }
    }
}
