import AlmanacJSON
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacPlan

/// The plan cursor's fast reading of compiler-layout lines (`readCanonicalFire`) gives exactly the
/// JSON scanner's fire, or steps aside: over random fires in the compiler's layout, and over those
/// lines mutated byte by byte (escapes, spaces, reordered or doubled keys, broken timestamps).
@Suite struct CanonicalFireLineTests {
    /// The scanner's reading of a line, as `PlanLines.fire` does it without the fast path.
    static func scanned(_ line: [UInt8], isLast: Bool) -> Fire? {
        var reader = PlanFireReader()
        return try? line.withUnsafeBufferPointer { buffer in
            try JSONScanner.scan(buffer: buffer, maxDepth: 4) { scanner -> Fire? in
                scanner.skipWhitespace()
                guard scanner.peek() == 0x7B else { return nil }
                let fire = try reader.readFireObject(&scanner)
                let comma = scanner.consume(0x2C)
                scanner.skipWhitespace()
                guard scanner.position == scanner.bytes.count, comma != isLast else { return nil }
                return fire
            }
        }
    }

    /// The fast reading, by one reader across lines as a cursor reads them (it remembers the last date and trigger).
    static func fast(_ line: [UInt8], isLast: Bool, reader: inout PlanFireReader) -> Fire? {
        line.withUnsafeBufferPointer { reader.readCanonicalFire($0, isLast: isLast) }
    }

    /// A fire the compiler could write, in any zone offset (seconds included), moved or not, second pass or not.
    static func randomFire(_ random: inout SplitMix) -> Fire {
        let triggers = ["a", "tick", "stand-up", "x.y_z", "t0", String(repeating: "q", count: 64)]
        let trigger = triggers[Int(random.next() % UInt64(triggers.count))]
        // Years 0001 to 9998: the layout the compiler writes (other years take its slow path).
        let at = Int64(random.next() % 315_000_000_000) - 62_000_000_000
        let offset = [0, 3600, -18_000, 19_800, -3_061, 45_900, 50_400][Int(random.next() % 7)]
        let moved = random.next() % 4 == 0
        let nominal = moved ? at + Int64(offset) - Int64(random.next() % 7200) : at + Int64(offset)
        return Fire(
            at: Instant(secondsSinceEpoch: at), trigger: trigger, offset: offset, nominalWall: nominal,
            secondPass: random.next() % 5 == 0, isMoved: moved)
    }

    static func line(_ fire: Fire, last: Bool) -> [UInt8]? {
        var formatter = FireFormatter()
        var bytes: [UInt8]?
        _ = formatter.withLine(fire, first: true) { bytes = Array($0) }
        // The formatter starts with "\n"; the cursor sees the line without it.
        return bytes.map { Array($0.dropFirst()) + (last ? [] : [0x2C]) }
    }

    @Test func readsEveryCompilerLineAsTheScannerDoes() throws {
        var random = SplitMix(seed: 0x5EED)
        var reader = PlanFireReader()
        var read = 0
        for _ in 0..<20_000 {
            let fire = Self.randomFire(&random)
            let last = random.next() % 8 == 0
            guard let line = Self.line(fire, last: last) else { continue }
            let fast = try #require(Self.fast(line, isLast: last, reader: &reader), "\(String(decoding: line, as: UTF8.self))")
            #expect(fast == Self.scanned(line, isLast: last))
            #expect(fast == fire)
            #expect(fast.id == fire.id)
            read += 1
        }
        #expect(read == 20_000)
    }

    @Test func mutatedLinesAreTheScannersOrNotReadFast() throws {
        var random = SplitMix(seed: 0xBAD)
        var reader = PlanFireReader()
        let alphabet = Array("{}\",:\\ @~Z+-T0123456789azu".utf8)
        var readFast = 0, total = 0
        for _ in 0..<40_000 {
            let fire = Self.randomFire(&random)
            let last = random.next() % 2 == 0
            guard var line = Self.line(fire, last: last) else { continue }
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(line.count))
                switch random.next() % 5 {
                case 4 where (0x30...0x39).contains(line[at]): line[at] = 0x30 + UInt8(random.next() % 10)
                case 0: line[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: line.remove(at: at)
                case 2: line.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
                default: line.insert(contentsOf: Array("\\u0040".utf8), at: at)
                }
            }
            // The last flag is sometimes wrong for the line, as the cursor's position decides it.
            let isLast = random.next() % 4 == 0 ? !last : last
            total += 1
            guard let fast = Self.fast(line, isLast: isLast, reader: &reader) else { continue }
            readFast += 1
            let scanned = Self.scanned(line, isLast: isLast)
            #expect(fast == scanned, "\(String(decoding: line, as: UTF8.self))")
            #expect(fast.id == scanned?.id)
        }
        // Some mutations keep a valid line (a digit for a digit, about 1%): the comparison is not vacuous.
        #expect(readFast > 200)
    }
}
