import AlmanacJSON
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacPlan
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lazy plan reader agrees with the whole reader: same header, same fires, and a seek to any
/// instant lands where a binary search over the whole fire array does; broken fire lines are refused
/// with their line when they are read.
@Suite struct PlanFireSourceTests {
    /// Every plan golden, read lazily, is the plan the whole reader reads; seeks agree everywhere.
    @Test func agreesWithTheWholeReaderOnEveryPlanGolden() throws {
        let paths =
            Golden.files(in: "Tests/AlmanacCompilerTests/Golden/examples", ext: "plan.json")
            + Golden.files(in: "Tests/AlmanacCompilerTests/Golden/dst", ext: "plan.json")
        #expect(paths.count > 20)
        for path in paths {
            let whole = try PlanReader.read(contentsOfFile: path)
            let source = try PlanFireSource.open(path: path)
            guard case .file = source.storage else {
                Issue.record("\(path) was not read lazily")
                continue
            }
            #expect(try source.plan() == whole, "\(path)")
            // Every fire's instant in small plans, an even sample of them in large ones.
            let step = max(1, whole.fires.count / 150)
            let instants = stride(from: 0, to: whole.fires.count, by: step).map { whole.fires[$0].at }
            try expectSeeksAgree(source, whole, instants: instants + [whole.window.from, whole.window.to], path)
        }
    }

    /// Random plans large enough for the byte-offset search (runs of equal instants, ids of varied
    /// length, moved fires, escapes in trigger names are not allowed so only plain ids).
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func agreesWithTheWholeReaderOnRandomPlans(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let plan = Self.randomPlan(&random, fires: 500 + Int(random.next() % 3_000))
        let path = Self.write(plan, name: "random-\(seed)")
        defer { unlink(path) }
        let source = try PlanFireSource.open(path: path)
        guard case .file = source.storage else { Issue.record("not read lazily"); return }
        #expect(try source.plan() == plan)
        var instants = [plan.window.from, plan.window.to]
        for _ in 0..<300 {
            let span = plan.window.to.secondsSinceEpoch - plan.window.from.secondsSinceEpoch
            instants.append(Instant(secondsSinceEpoch: plan.window.from.secondsSinceEpoch - 5 + Int64(random.next() % UInt64(span + 10))))
        }
        instants += plan.fires.prefix(50).map(\.at) + plan.fires.suffix(50).map(\.at)
        try expectSeeksAgree(source, plan, instants: instants, path)
    }

    /// A plan not in the compiler's layout (one line, keys reordered, each fire over several lines as
    /// `json.dump(indent=…)` and `jq .` write it) is read whole, correctly.
    @Test func readsOtherLayoutsWhole() throws {
        var random = SplitMix(seed: 9)
        let plan = Self.randomPlan(&random, fires: 40)
        let text = String(decoding: PlanWriter<ByteBuffer>.render(plan), as: UTF8.self)
        /// The compiler's text with every fire line spread over lines: `{`, a member per line, `}`.
        func spread(_ indent: String) -> String {
            var inFires = false
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                if line.hasSuffix("\"fires\": [") { inFires = true; return String(line) }
                guard inFires, line.trimmingCharacters(in: .whitespaces).hasPrefix("{") else { inFires = false; return String(line) }
                let body = line.trimmingCharacters(in: .whitespaces)
                let comma = body.hasSuffix(",")
                let members = body.dropFirst().dropLast(comma ? 2 : 1).replacingOccurrences(of: ", \"", with: ",\n\(indent)\(indent)\"")
                return "\(indent){\n\(indent)\(indent)\(members)\n\(indent)}" + (comma ? "," : "")
            }.joined(separator: "\n")
        }
        for variant in [
            text.split(separator: "\n").joined(separator: " "),
            text.replacingFirst("  \"plan\": 1,\n", with: "").replacingFirst("{\n", with: "{\n  \"plan\": 1,\n"),
            spread(" "), spread("  "), spread("\t"),
        ] {
            let path = Self.write(bytes: Array(variant.utf8), name: "layout")
            defer { unlink(path) }
            let source = try PlanFireSource.open(path: path)
            #expect(try source.plan() == plan)
        }
    }

    /// Fire lines that are broken, out of order, doubled up or mis-punctuated are refused with their
    /// line and column when read — at the start, in the middle, and where a seek probes.
    @Test(arguments: [
        ("unsorted", 1_200),
        ("bad-at", 700),
        ("two-per-line", 1_500),
        ("missing-comma", 300),
        ("blank-line", 900),
        ("undeclared", 1_999),
        ("outside", 2_000),
        ("trailing-comma", 2_000),
    ])
    func refusesBrokenFireLines(kind: String, at index: Int) throws {
        var random = SplitMix(seed: 77)
        let plan = Self.randomPlan(&random, fires: 2_001, distinctInstants: true)
        var lines = String(decoding: PlanWriter<ByteBuffer>.render(plan), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        let first = lines.firstIndex { $0.hasSuffix("\"fires\": [") }! + 1
        let line = first + index
        switch kind {
        case "unsorted": lines.swapAt(line, line + 1)
        case "bad-at": lines[line] = lines[line].replacingFirst("\"at\": \"", with: "\"at\": \"x")
        case "two-per-line": lines[line] += " " + lines[line + 1]; lines.remove(at: line + 1)
        case "missing-comma": lines[line] = String(lines[line].dropLast())
        case "blank-line": lines.insert("", at: line)
        case "undeclared":
            lines[line] = lines[line].replacingOccurrences(of: "\"trigger\": \"", with: "\"trigger\": \"zz")
                .replacingOccurrences(of: "\"id\": \"", with: "\"id\": \"zz")
        case "outside":
            lines[line] = lines[line].replacingOccurrences(of: "\"at\": \"20", with: "\"at\": \"21")
                .replacingOccurrences(of: "\"local\": \"20", with: "\"local\": \"21")
        default: lines[line] += ","
        }
        let path = Self.write(bytes: Array(lines.joined(separator: "\n").utf8), name: "broken-\(kind)")
        defer { unlink(path) }
        let source = try PlanFireSource.open(path: path)
        guard case .file = source.storage else { Issue.record("not read lazily"); return }
        // Reading through reports the line (1-based) of the broken fire or of the second of a swapped pair.
        let expectedLine = line + 1 + (kind == "unsorted" ? 1 : 0)
        do {
            _ = try source.allFires()
            Issue.record("\(kind) accepted")
        } catch let error as PlanError {
            #expect(error.line == expectedLine, "\(kind): \(error)")
        }
        // So does the whole reader, but for what is only a matter of layout.
        if kind != "two-per-line" && kind != "blank-line" {
            #expect(throws: PlanError.self) { try PlanReader.read(contentsOfFile: path) }
        }
        // A seek past the broken line never returns a fire that contradicts the order.
        for probe in stride(from: 0, to: plan.fires.count, by: 97) {
            do {
                let cursor = try source.cursor(from: plan.fires[probe].at)
                let fire = try cursor.peek()
                if probe < index - 1 { #expect(fire?.at == plan.fires[probe].at, "\(kind) seek \(probe)") }
            } catch is PlanError {
                // Found the broken line on the way: refused, which is the point.
            }
        }
    }

    /// Truncated plan files are refused (read whole to say where), never read as a shorter plan.
    @Test func refusesTruncatedFiles() throws {
        var random = SplitMix(seed: 3)
        let bytes = PlanWriter<ByteBuffer>.render(Self.randomPlan(&random, fires: 300))
        for cut in [bytes.count - 2, bytes.count - 4, bytes.count / 2, bytes.count - 200, 20] {
            let path = Self.write(bytes: Array(bytes[..<cut]), name: "cut")
            defer { unlink(path) }
            #expect(throws: PlanError.self, "cut at \(cut)") { _ = try PlanFireSource.open(path: path).allFires() }
        }
    }

    /// A plan that is not a regular file is read with a bound: a FIFO carrying a plan is read, an
    /// endless device is refused once past the bound.
    @Test func boundsWhatIsNotARegularFile() throws {
        var random = SplitMix(seed: 5)
        let plan = Self.randomPlan(&random, fires: 200)
        let bytes = PlanWriter<ByteBuffer>.render(plan)
        let fifo = "/tmp/almanac-plan-fifo-\(getpid())"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let writer = Thread {
            let fd = open(fifo, O_WRONLY); _ = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }; close(fd)
        }
        writer.start()
        #expect(try PlanFireSource.open(path: fifo).plan() == plan)
        do {
            _ = try FileBytes.read(fd: open("/dev/zero", O_RDONLY), path: "/dev/zero", sizeHint: 0, limit: 1 << 20)
            Issue.record("/dev/zero read without bound")
        } catch let error as PlanError {
            #expect(error.message.contains("not a regular file"))
        }
    }

    /// A regular file is read into one buffer of its size (it was doubled when it filled, which with
    /// the fires made a whole read cost 2–3 times the file).
    @Test func wholeReadsAllocateTheFileOnce() throws {
        for size in [0, 1, 4_095, 4_096, 100_000, 1_000_000] {
            let path = Self.write(bytes: [UInt8](repeating: 0x20, count: size), name: "size-\(size)")
            defer { unlink(path) }
            let bytes = try FileBytes.read(path)
            #expect(bytes.count == size)
            #expect(bytes.capacity <= max(size + 64, 4_096 + 64), "a \(size)-byte file took a \(bytes.capacity)-byte buffer")
        }
    }

    // MARK: - Helpers

    private func expectSeeksAgree(_ source: PlanFireSource, _ plan: Plan, instants: [Instant], _ name: String) throws {
        for instant in instants {
            let expected = plan.fires.firstIndex { $0.at >= instant } ?? plan.fires.count
            let cursor = try source.cursor(from: instant)
            #expect(try cursor.remainingCount() == plan.fires.count - expected, "\(name) count from \(instant)")
            var read: [Fire] = []
            while read.count < 70, let fire = try cursor.next() { read.append(fire) }
            #expect(read == Array(plan.fires[expected...].prefix(70)), "\(name) seek to \(instant)")
        }
    }

    /// A plan over a few days with triggers of varied id lengths and zones, fires sorted.
    static func randomPlan(_ random: inout SplitMix, fires count: Int, distinctInstants: Bool = false) -> Plan {
        let names = (0..<(2 + Int(random.next() % 6))).map { i in
            "t\(i)" + String(repeating: "x", count: Int(random.next() % 40))
        }
        var triggers: [String: PlanTrigger] = [:]
        for name in names {
            triggers[name] = PlanTrigger(kind: "every", priority: Int(random.next() % 3), payload: ["n": .string(name)])
        }
        let start: Int64 = 1_795_410_000
        var fires: [Fire] = []
        var at = start
        for _ in 0..<count {
            if distinctInstants || random.next() % 3 != 0 { at += 1 + Int64(random.next() % 600) }
            let name = names[Int(random.next() % UInt64(names.count))]
            let offset = [0, -18_000, 19_800, 3_600][Int(random.next() % 4)]
            let moved = random.next() % 10 == 0
            let wall = at + Int64(offset) - (moved ? 60 : 0)
            fires.append(
                Fire(
                    at: Instant(secondsSinceEpoch: at), trigger: name, offset: offset, nominalWall: wall,
                    secondPass: random.next() % 20 == 0, isMoved: moved))
        }
        fires.sort(by: Fire.precedes)
        // Drop exact duplicates (same trigger, instant and id) the dice may have made.
        var unique: [Fire] = []
        for fire in fires where unique.last.map({ Fire.precedes($0, fire) }) ?? true { unique.append(fire) }
        return Plan(
            spec: SpecInfo(name: "random", sha256: String(repeating: "0", count: 64)),
            window: Window(from: Instant(secondsSinceEpoch: start), to: Instant(secondsSinceEpoch: at + 3_600)),
            tzdata: "test", limits: PlanLimits(maxPending: 1 + Int(random.next() % 80), maxRegions: 20),
            triggers: triggers, regions: [], fires: unique)
    }

    static func write(_ plan: Plan, name: String) -> String {
        write(bytes: PlanWriter<ByteBuffer>.render(plan), name: name)
    }

    static func write(bytes: [UInt8], name: String) -> String {
        let path = "/tmp/almanac-plan-source-\(getpid())-\(name).json"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }
}

/// The C `write`, named apart from the helpers above.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// Counting a plan's remaining lines through a mapping (8 MiB windows) against counting bytes read
/// back from the same file, over random ranges of a 20 MiB file, windows' edges included.
@Suite struct MappedLineCountTests {
    @Test func mappedCountEqualsCountingTheBytes() throws {
        var random = SplitMix(seed: 11)
        var bytes = [UInt8]()
        bytes.reserveCapacity(20 << 20)
        while bytes.count < 20 << 20 {
            let length = Int(random.next() % 200)
            bytes += [UInt8](repeating: 0x61, count: length) + [0x0A]
        }
        let path = NSTemporaryDirectory() + "mapped-count-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let edges = [0, 1, 4095, 4096, 8 << 20, (8 << 20) + 1, (16 << 20) - 1, bytes.count - 1, bytes.count]
        var ranges = edges.flatMap { a in edges.filter { $0 >= a }.map { (a, $0) } }
        for _ in 0..<40 {
            let a = Int(random.next() % UInt64(bytes.count)), b = Int(random.next() % UInt64(bytes.count))
            ranges.append((min(a, b), max(a, b)))
        }
        for (from, to) in ranges {
            let expected = bytes[from..<to].count { $0 == 0x0A }
            #expect(PlanLines.mappedLineFeeds(fd: fd, from: from, to: to, rest: { _ in nil }) == expected, "\(from)..<\(to)")
        }
    }
}
