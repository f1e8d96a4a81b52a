import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

@Suite struct ListSyntaxTests {
    private func days(_ text: String, ordinals: Bool = true) -> [String]? {
        ValueSyntax.weekdays(text, allowOrdinals: ordinals).0?.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.shortName }
    }

    @Test func weekdayNamesRangesAndOrdinals() {
        #expect(days("mon") == ["mon"])
        #expect(days("Thursday") == ["thu"])
        #expect(days("mon-fri") == ["mon", "tue", "wed", "thu", "fri"])
        #expect(days("fri-mon") == ["fri", "sat", "sun", "mon"])
        #expect(days("2tue, -1fri") == ["2tue", "-1fri"])
        #expect(days("MON,wed , Fri") == ["mon", "wed", "fri"])
    }

    @Test func weekdayErrors() {
        let (_, thurs) = ValueSyntax.weekdays("mon, thurs", allowOrdinals: true)
        expectSingleError(thurs, .unknownWeekday, "     ^^^^^", message: "unknown weekday 'thurs'; did you mean 'thu'?")
        let (_, tusday) = ValueSyntax.weekdays("tusday", allowOrdinals: true)
        expectSingleError(tusday, .unknownWeekday, "^^^^^^", message: "did you mean 'tue'?")
        let (_, six) = ValueSyntax.weekdays("6mon", allowOrdinals: true)
        expectSingleError(six, .invalidOrdinal, "^", message: "at most 5 times")
        let (_, notHere) = ValueSyntax.weekdays("mon, 2tue", allowOrdinals: false)
        expectSingleError(notHere, .invalidOrdinal, "     ^", message: "write 'tue'")
        let (_, rangeOrdinal) = ValueSyntax.weekdays("2mon-fri", allowOrdinals: true)
        expectSingleError(rangeOrdinal, .invalidOrdinal, "^^^^^^^^")
        let (_, empty) = ValueSyntax.weekdays("mon,,tue", allowOrdinals: true)
        expectSingleError(empty, .unknownWeekday, "    ^")
        let (_, badEnd) = ValueSyntax.weekdays("mon-fry", allowOrdinals: true)
        expectSingleError(badEnd, .unknownWeekday, "    ^^^", message: "did you mean 'fri'?")
        let (_, spaces) = ValueSyntax.weekdays("tue thu", allowOrdinals: true)
        expectSingleError(spaces, .unknownWeekday, "    ^^^", message: "separate weekdays with commas: 'tue, thu'")
    }

    @Test func duplicateWeekdaysWarnButParse() {
        let (value, problems) = ValueSyntax.weekdays("mon-wed, tue", allowOrdinals: false)
        #expect(value?.map(\.weekday) == [.monday, .tuesday, .wednesday])
        expectSingleError(problems, .duplicateValue, "         ^^^")
        #expect(problems.first?.severity == .warning)
    }

    @Test func monthsByNameNumberAndRange() {
        #expect(ValueSyntax.months("jan").0 == [1])
        #expect(ValueSyntax.months("jan-mar, 12").0 == [1, 2, 3, 12])
        #expect(ValueSyntax.months("nov-feb").0 == [11, 12, 1, 2])
        #expect(ValueSyntax.months("September").0 == [9])
        #expect(ValueSyntax.months("3-5").0 == [3, 4, 5])
        expectSingleError(ValueSyntax.months("jnu").1, .unknownMonth, "^^^", message: "did you mean 'jun'?")
        expectSingleError(ValueSyntax.months("1, 13").1, .outOfRange, "   ^^", message: "month 13 is out of range 1–12")
    }

    @Test func integersWithRanges() {
        #expect(ValueSyntax.dayOfMonth("-1").value == -1)
        #expect(ValueSyntax.dayOfMonth("31").value == 31)
        expectError(ValueSyntax.dayOfMonth("0").error, .outOfRange, "^", message: "-1 for the month's last day")
        expectError(ValueSyntax.dayOfMonth("32").error, .outOfRange, "^^", message: "day 32 is out of range -31–31")
        expectError(ValueSyntax.dayOfMonth("-32").error, .outOfRange, "^^^")
        #expect(ValueSyntax.hour("23").value == 23)
        expectError(ValueSyntax.hour("24").error, .outOfRange, "^^", message: "hour 24 is out of range 0–23")
        expectError(ValueSyntax.minute("60").error, .outOfRange, "^^")
        expectError(ValueSyntax.second("x1").error, .invalidNumber, "^^")
        #expect(ValueSyntax.second("+5").value == 5)
    }

    /// The byte-level reader of plain weekday lists may decline any text, but what it accepts must
    /// be exactly what the full reader gives, without a problem.
    @Test func plainWeekdayReaderAgreesWithTheFullOne() {
        let tokens = [
            "mon", "Tue", "WEDNESDAY", "thu", "Friday", "sat", "sun", "thurs", "mo", "-", "-", ",", ",", ", ", " ", "2", "-1", "é",
        ]
        var random = SplitMix(seed: 7)
        var accepted = 0
        for _ in 0..<20_000 {
            let text = (0..<Int(1 + random.next() % 6)).map { _ in tokens[Int(random.next() % UInt64(tokens.count))] }.joined()
            guard let fast = ValueSyntax.plainWeekdays(text) else { continue }
            accepted += 1
            let (full, problems) = ValueSyntax.fullWeekdays(text, allowOrdinals: true)
            #expect(full == fast && problems.isEmpty, "\(text)")
            // The bit-set form the validator uses: the same days, and a day already seen declines.
            var mask: UInt8 = 0
            #expect(ValueSyntax.plainWeekdays(text, seen: &mask))
            #expect(mask == fast.reduce(0) { $0 | 1 << $1.weekday.rawValue }, "\(text)")
            var again = mask
            #expect(!ValueSyntax.plainWeekdays(text, seen: &again), "\(text)")
        }
        #expect(accepted > 1_000)
    }

    /// Repeats are found whether the values seen so far are inline (the first), in the small
    /// array, or moved to a set (past 16); sorting in place keeps each value once.
    @Test func seenValuesFindRepeatsAtEverySize() {
        var seen = SeenValues<Int>()
        let values = (0..<40).map { ($0 * 7) % 40 }
        let firstPass = values.map { seen.insert($0) }
        let secondPass = values.map { seen.insert($0) }
        let new = seen.insert(40)
        #expect(firstPass.allSatisfy { $0 })
        #expect(secondPass.allSatisfy { !$0 })
        #expect(new)
        var list = [5, -1, 15, 5, 1, 15, -1]
        list.sortUnique()
        #expect(list == [-1, 1, 5, 15])
    }

    /// Short ASCII text is kept inline, anything else as an array of scalars; both read the same.
    @Test func scalarTextReadsInlineAndLongTextAlike() {
        for text in [
            "", "09:30", "0 9 * * mon-fri", String(repeating: "a", count: 32), String(repeating: "b", count: 33),
            "caf\u{E9} 2tue", "e\u{301}", "日曜日", "\u{1F600}x",
        ] {
            let t = ScalarText(text)
            let scalars = Array(text.unicodeScalars)
            #expect(t.count == scalars.count, "\(text)")
            #expect((-1...scalars.count).map { t[$0] } == [nil] + scalars.map(Optional.some) + [nil], "\(text)")
            #expect(t.string(t.whole) == text)
            if scalars.count > 2 {
                #expect(t.string(1..<scalars.count - 1) == String(String.UnicodeScalarView(scalars[1..<scalars.count - 1])))
            }
        }
    }

    /// Known keys are matched by their bytes; that must be exactly `==` (canonical equivalence),
    /// including for strings that are canonically equal to ASCII or only differ past 8 bytes.
    @Test func keyListMatchesLikeStringEquality() {
        let known: KeyList = ["timezone", "start", "invalid_dates", "k", "payload", "during", "a"]
        let probes =
            known.names + [
                "\u{212A}", "K", "star", "start\0", "invalid_datez", "invalid_dates_", "",
                "startt", "ｓtart", "dur\u{0131}ng", "a\u{301}", "\u{E1}", "timezone\u{200B}",
                "a_very_long_key_indeed", "Payload", "pay load",
            ]
        for probe in probes {
            #expect(known.index(of: probe) == known.names.firstIndex(of: probe), "\(probe.unicodeScalars.map(\.value))")
        }
    }
}
