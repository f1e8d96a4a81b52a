import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// Every example of RFC 5545 §3.8.5.3 with its published dates, as nominal New York wall times.
/// UTC UNTIL values are read with New York's offset on that date.
@Suite struct RRuleRFCExampleTests {
    private func days(_ year: Int, _ month: Int, _ range: ClosedRange<Int>) -> [LocalDateTime] { nineAM(year, month, Array(range)) }

    @Test func daily() {
        #expect(expand("FREQ=DAILY;COUNT=10", from: "19970902T090000") == days(1997, 9, 2...11))
        #expect(
            expand("FREQ=DAILY;UNTIL=19971224T000000Z", from: "19970902T090000", untilOffset: est)
                == days(1997, 9, 2...30) + days(1997, 10, 1...31) + days(1997, 11, 1...30) + days(1997, 12, 1...23))
        let everyOther =
            nineAM(1997, 9, Array(stride(from: 2, through: 30, by: 2))) + nineAM(1997, 10, Array(stride(from: 2, through: 30, by: 2)))
            + nineAM(1997, 11, Array(stride(from: 1, through: 29, by: 2))) + nineAM(1997, 12, [1, 3])
        #expect(expand("FREQ=DAILY;INTERVAL=2", from: "19970902T090000", limit: everyOther.count) == everyOther)
        #expect(
            expand("FREQ=DAILY;INTERVAL=10;COUNT=5", from: "19970902T090000") == nineAM(1997, 9, [2, 12, 22]) + nineAM(1997, 10, [2, 12]))
        let january = days(1998, 1, 1...31) + days(1999, 1, 1...31) + days(2000, 1, 1...31)
        #expect(
            expand("FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", from: "19980101T090000", untilOffset: est)
                == january)
        #expect(expand("FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", from: "19980101T090000", untilOffset: est) == january)
    }

    @Test func weekly() {
        #expect(
            expand("FREQ=WEEKLY;COUNT=10", from: "19970902T090000")
                == nineAM(1997, 9, [2, 9, 16, 23, 30]) + nineAM(1997, 10, [7, 14, 21, 28]) + nineAM(1997, 11, [4]))
        #expect(
            expand("FREQ=WEEKLY;UNTIL=19971224T000000Z", from: "19970902T090000", untilOffset: est)
                == nineAM(1997, 9, [2, 9, 16, 23, 30]) + nineAM(1997, 10, [7, 14, 21, 28]) + nineAM(1997, 11, [4, 11, 18, 25])
                + nineAM(1997, 12, [2, 9, 16, 23]))
        #expect(
            expand("FREQ=WEEKLY;INTERVAL=2;WKST=SU", from: "19970902T090000", limit: 13)
                == nineAM(1997, 9, [2, 16, 30]) + nineAM(1997, 10, [14, 28]) + nineAM(1997, 11, [11, 25]) + nineAM(1997, 12, [9, 23])
                + nineAM(1998, 1, [6, 20]) + nineAM(1998, 2, [3, 17]))
        let tueThu = nineAM(1997, 9, [2, 4, 9, 11, 16, 18, 23, 25, 30]) + nineAM(1997, 10, [2])
        #expect(expand("FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", from: "19970902T090000", untilOffset: edt) == tueThu)
        #expect(expand("FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", from: "19970902T090000") == tueThu)
        #expect(
            expand("FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", from: "19970901T090000", untilOffset: est)
                == nineAM(1997, 9, [1, 3, 5, 15, 17, 19, 29]) + nineAM(1997, 10, [1, 3, 13, 15, 17, 27, 29, 31])
                + nineAM(1997, 11, [10, 12, 14, 24, 26, 28]) + nineAM(1997, 12, [8, 10, 12, 22]))
        #expect(
            expand("FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", from: "19970902T090000")
                == nineAM(1997, 9, [2, 4, 16, 18, 30]) + nineAM(1997, 10, [2, 14, 16]))
        #expect(expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "19970805T090000") == nineAM(1997, 8, [5, 10, 19, 24]))
        #expect(expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "19970805T090000") == nineAM(1997, 8, [5, 17, 19, 31]))
    }

    @Test func monthly() {
        let firstFridays = nineAM(1997, 9, [5]) + nineAM(1997, 10, [3]) + nineAM(1997, 11, [7]) + nineAM(1997, 12, [5])
        #expect(
            expand("FREQ=MONTHLY;COUNT=10;BYDAY=1FR", from: "19970905T090000")
                == firstFridays + nineAM(1998, 1, [2]) + nineAM(1998, 2, [6]) + nineAM(1998, 3, [6]) + nineAM(1998, 4, [3])
                + nineAM(1998, 5, [1]) + nineAM(1998, 6, [5]))
        #expect(expand("FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", from: "19970905T090000", untilOffset: est) == firstFridays)
        #expect(
            expand("FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", from: "19970907T090000")
                == nineAM(1997, 9, [7, 28]) + nineAM(1997, 11, [2, 30]) + nineAM(1998, 1, [4, 25]) + nineAM(1998, 3, [1, 29])
                + nineAM(1998, 5, [3, 31]))
        #expect(
            expand("FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", from: "19970922T090000")
                == nineAM(1997, 9, [22]) + nineAM(1997, 10, [20]) + nineAM(1997, 11, [17]) + nineAM(1997, 12, [22]) + nineAM(1998, 1, [19])
                + nineAM(1998, 2, [16]))
        #expect(
            expand("FREQ=MONTHLY;BYMONTHDAY=-3", from: "19970928T090000", limit: 6)
                == nineAM(1997, 9, [28]) + nineAM(1997, 10, [29]) + nineAM(1997, 11, [28]) + nineAM(1997, 12, [29]) + nineAM(1998, 1, [29])
                + nineAM(1998, 2, [26]))
        #expect(
            expand("FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", from: "19970902T090000")
                == [9, 10, 11, 12].flatMap { nineAM(1997, $0, [2, 15]) } + nineAM(1998, 1, [2, 15]))
        #expect(
            expand("FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", from: "19970930T090000")
                == nineAM(1997, 9, [30]) + nineAM(1997, 10, [1, 31]) + nineAM(1997, 11, [1, 30]) + nineAM(1997, 12, [1, 31])
                + nineAM(1998, 1, [1, 31]) + nineAM(1998, 2, [1]))
        #expect(
            expand("FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15", from: "19970910T090000")
                == days(1997, 9, 10...15) + days(1999, 3, 10...13))
        #expect(
            expand("FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", from: "19970902T090000", limit: 18)
                == nineAM(1997, 9, [2, 9, 16, 23, 30]) + nineAM(1997, 11, [4, 11, 18, 25]) + nineAM(1998, 1, [6, 13, 20, 27])
                + nineAM(1998, 3, [3, 10, 17, 24, 31]))
        #expect(
            expand("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", from: "19970902T090000", exdates: ["19970902T090000"], limit: 5)
                == nineAM(1998, 2, [13]) + nineAM(1998, 3, [13]) + nineAM(1998, 11, [13]) + nineAM(1999, 8, [13]) + nineAM(2000, 10, [13]))
        #expect(
            expand("FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", from: "19970913T090000", limit: 10)
                == nineAM(1997, 9, [13]) + nineAM(1997, 10, [11]) + nineAM(1997, 11, [8]) + nineAM(1997, 12, [13]) + nineAM(1998, 1, [10])
                + nineAM(1998, 2, [7]) + nineAM(1998, 3, [7]) + nineAM(1998, 4, [11]) + nineAM(1998, 5, [9]) + nineAM(1998, 6, [13]))
        #expect(
            expand("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", from: "19970904T090000")
                == nineAM(1997, 9, [4]) + nineAM(1997, 10, [7]) + nineAM(1997, 11, [6]))
        #expect(
            expand("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", from: "19970929T090000", limit: 7)
                == nineAM(1997, 9, [29]) + nineAM(1997, 10, [30]) + nineAM(1997, 11, [27]) + nineAM(1997, 12, [30]) + nineAM(1998, 1, [29])
                + nineAM(1998, 2, [26]) + nineAM(1998, 3, [30]))
        #expect(
            expand("FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", from: "20070115T090000")
                == nineAM(2007, 1, [15, 30]) + nineAM(2007, 2, [15]) + nineAM(2007, 3, [15, 30]))
    }

    @Test func yearly() {
        #expect(
            expand("FREQ=YEARLY;COUNT=10;BYMONTH=6,7", from: "19970610T090000")
                == (1997...2001).flatMap { nineAM($0, 6, [10]) + nineAM($0, 7, [10]) })
        #expect(
            expand("FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", from: "19970310T090000")
                == nineAM(1997, 3, [10]) + [1999, 2001, 2003].flatMap { y in [1, 2, 3].flatMap { nineAM(y, $0, [10]) } })
        #expect(
            expand("FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", from: "19970101T090000")
                == nineAM(1997, 1, [1]) + nineAM(1997, 4, [10]) + nineAM(1997, 7, [19]) + nineAM(2000, 1, [1]) + nineAM(2000, 4, [9])
                + nineAM(2000, 7, [18])
                + nineAM(2003, 1, [1]) + nineAM(2003, 4, [10]) + nineAM(2003, 7, [19]) + nineAM(2006, 1, [1]))
        #expect(
            expand("FREQ=YEARLY;BYDAY=20MO", from: "19970519T090000", limit: 3) == nineAM(1997, 5, [19]) + nineAM(1998, 5, [18])
                + nineAM(1999, 5, [17]))
        #expect(
            expand("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", from: "19970512T090000", limit: 3) == nineAM(1997, 5, [12]) + nineAM(1998, 5, [11])
                + nineAM(1999, 5, [17]))
        #expect(
            expand("FREQ=YEARLY;BYMONTH=3;BYDAY=TH", from: "19970313T090000", limit: 11)
                == nineAM(1997, 3, [13, 20, 27]) + nineAM(1998, 3, [5, 12, 19, 26]) + nineAM(1999, 3, [4, 11, 18, 25]))
        #expect(
            expand("FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", from: "19970605T090000", limit: 39)
                == nineAM(1997, 6, [5, 12, 19, 26]) + nineAM(1997, 7, [3, 10, 17, 24, 31]) + nineAM(1997, 8, [7, 14, 21, 28])
                + nineAM(1998, 6, [4, 11, 18, 25]) + nineAM(1998, 7, [2, 9, 16, 23, 30]) + nineAM(1998, 8, [6, 13, 20, 27])
                + nineAM(1999, 6, [3, 10, 17, 24]) + nineAM(1999, 7, [1, 8, 15, 22, 29]) + nineAM(1999, 8, [5, 12, 19, 26]))
        #expect(
            expand("FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", from: "19961105T090000", limit: 3)
                == nineAM(1996, 11, [5]) + nineAM(2000, 11, [7]) + nineAM(2004, 11, [2]))
    }

    @Test func finerThanDaily() {
        func at(_ times: [String]) -> [LocalDateTime] { times.map { local("19970902T" + $0) } }
        // RFC erratum: UNTIL=19970902T170000Z is 13:00 EDT, yet the published list reaches 15:00, as if
        // UNTIL were local 17:00. Read strictly (as Almanac does with the zone's offset) it stops at 12:00.
        #expect(expand("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", from: "19970902T090000") == at(["090000", "120000", "150000"]))
        #expect(
            expand("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", from: "19970902T090000", untilOffset: edt) == at(["090000", "120000"]))
        #expect(
            expand("FREQ=MINUTELY;INTERVAL=15;COUNT=6", from: "19970902T090000")
                == at(["090000", "091500", "093000", "094500", "100000", "101500"]))
        #expect(expand("FREQ=MINUTELY;INTERVAL=90;COUNT=4", from: "19970902T090000") == at(["090000", "103000", "120000", "133000"]))
        let everyTwenty = [2, 3].flatMap { day in
            (9...16).flatMap { h in
                [0, 20, 40].map { m in
                    LocalDateTime(date: CivilDate(year: 1997, month: 9, day: day), time: LocalTime(hour: h, minute: m))
                }
            }
        }
        #expect(expand("FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", from: "19970902T090000", limit: 48) == everyTwenty)
        #expect(expand("FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16", from: "19970902T090000", limit: 48) == everyTwenty)
    }
}
