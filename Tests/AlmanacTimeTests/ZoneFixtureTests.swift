import Foundation
import Testing
@testable import AlmanacTime

/// Compares OffsetTable with python zoneinfo over 2020–2030 (fixture from `scripts/oracles/zones.py`).
@Suite struct ZoneFixtureTests {
    struct Fixture: Decodable {
        struct Zone: Decodable { var transitions: [Change] }
        struct Change: Decodable, Equatable { var instant: Int64; var before: Int; var after: Int }
        struct InstantCase: Decodable { var zone: String; var instant: Int64; var offset: Int }
        struct LocalCase: Decodable {
            var zone: String, local: String, kind: String
            var instant: Int64?, offset: Int?
            var transition: Int64?, before: Int?, after: Int?
            var first: Int64?, firstOffset: Int?, second: Int64?, secondOffset: Int?

            var expected: LocalResolution? {
                switch kind {
                case "unique": return .unique(Instant(secondsSinceEpoch: instant!), offset: offset!)
                case "gap": return .gap(transition: Instant(secondsSinceEpoch: transition!), before: before!, after: after!)
                case "overlap":
                    return .overlap(
                        first: Instant(secondsSinceEpoch: first!), firstOffset: firstOffset!,
                        second: Instant(secondsSinceEpoch: second!), secondOffset: secondOffset!)
                default: return nil
                }
            }

            var wall: LocalDateTime { RFC3339.parse(local + "Z")!.local }
        }

        var zones: [String: Zone]
        var instants: [InstantCase]
        var locals: [LocalCase]
    }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "zones", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    static let from = Instant(secondsSinceEpoch: 1_577_836_800) // 2020-01-01T00:00:00Z
    static let to = Instant(secondsSinceEpoch: 1_924_992_000) // 2031-01-01T00:00:00Z

    static func table(_ zone: String) -> OffsetTable {
        OffsetTable(zone: zone, covering: from, to: to)!
    }

    @Test func fixtureIsLargeAndCoversGapsAndOverlaps() {
        let kinds = Dictionary(grouping: Self.fixture.locals, by: \.kind).mapValues(\.count)
        #expect(Self.fixture.locals.count >= 2_000)
        #expect(kinds["gap", default: 0] >= 100 && kinds["overlap", default: 0] >= 100)
        #expect(Self.fixture.zones.count == 9)
    }

    @Test(arguments: fixture.zones.keys.sorted())
    func transitionsMatch(zone: String) {
        let changes = Self.table(zone).changes
            .filter { $0.instant >= Self.from && $0.instant < Self.to }
            .map { Fixture.Change(instant: $0.instant.secondsSinceEpoch, before: $0.before, after: $0.after) }
        #expect(changes == Self.fixture.zones[zone]!.transitions)
    }

    @Test func offsetsAtInstantsMatch() {
        var tables: [String: OffsetTable] = [:]
        for item in Self.fixture.instants {
            let table = tables[item.zone] ?? Self.table(item.zone)
            tables[item.zone] = table
            #expect(table.offset(at: Instant(secondsSinceEpoch: item.instant)) == item.offset, "\(item.zone) \(item.instant)")
        }
    }

    @Test func localResolutionsMatch() {
        var tables: [String: OffsetTable] = [:]
        for item in Self.fixture.locals {
            let table = tables[item.zone] ?? Self.table(item.zone)
            tables[item.zone] = table
            #expect(table.resolve(item.wall) == item.expected, "\(item.zone) \(item.local)")
        }
    }

    @Test func ascendingCursorAgreesWithFixture() {
        for (zone, items) in Dictionary(grouping: Self.fixture.locals, by: \.zone) {
            var cursor = Self.table(zone).cursor()
            var offsets = Self.table(zone).cursor()
            for item in items.sorted(by: { $0.wall < $1.wall }) {
                #expect(cursor.resolve(item.wall) == item.expected, "\(zone) \(item.local)")
            }
            for item in Self.fixture.instants.filter({ $0.zone == zone }).sorted(by: { $0.instant < $1.instant }) {
                #expect(offsets.offset(at: Instant(secondsSinceEpoch: item.instant)) == item.offset)
            }
        }
    }

    @Test func cursorStaysCorrectWhenQueriesGoBackwards() {
        for (zone, items) in Dictionary(grouping: Self.fixture.locals, by: \.zone) {
            var cursor = Self.table(zone).cursor()
            // Fixture order: random walls first, then edges per transition — up and down in time.
            for item in items {
                #expect(cursor.resolve(item.wall) == item.expected, "\(zone) \(item.local)")
            }
        }
    }
}
