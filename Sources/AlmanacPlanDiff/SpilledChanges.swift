import AlmanacPlan
import AlmanacTime

/// A run of one trigger's fire changes written to a `ScratchFile`, in time order.
struct SpilledRun: Sendable, Equatable {
    let offset: Int
    let bytes: Int
    let count: Int
}

/// The bytes of spilled fire changes: each a record `[length: 4][kind: 1][fire][fire of a move]`,
/// a fire as its numbers `[at: 8][offset: 8][nominal wall: 8][flags: 1]`, followed by `[length: 4]
/// [id]` only for an id kept as written; integers little-endian. The trigger is the run's, so it is
/// not repeated; `decode(encode(x)) == x` for every change. Numbers rather than id text: a listing of
/// a million changes that all move took 33 s with the id texts written and parsed back, 23 s with
/// the numbers (release build, loaded machine).
enum SpilledChanges {
    static func append(_ change: PlanDiff.FireChange, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        switch change {
        case .added(let fire):
            bytes.append(0)
            append(fire, to: &bytes)
        case .removed(let fire):
            bytes.append(1)
            append(fire, to: &bytes)
        case .moved(let from, let to):
            bytes.append(2)
            append(from, to: &bytes)
            append(to, to: &bytes)
        }
        let length = UInt32(bytes.count - start - 4)
        for i in 0..<4 { bytes[start + i] = UInt8(truncatingIfNeeded: length >> (8 * i)) }
    }

    private static func append(_ fire: Fire, to bytes: inout [UInt8]) {
        appendInteger(UInt64(bitPattern: fire.at.secondsSinceEpoch), 8, to: &bytes)
        appendInteger(UInt64(bitPattern: Int64(fire.offset)), 8, to: &bytes)
        appendInteger(UInt64(bitPattern: fire.nominalWall), 8, to: &bytes)
        let written = fire.writtenID
        bytes.append((fire.secondPass ? 1 : 0) | (fire.isMoved ? 2 : 0) | (written != nil ? 4 : 0))
        if let written {
            let id = Array(written.utf8)
            appendInteger(UInt64(id.count), 4, to: &bytes)
            bytes.append(contentsOf: id)
        }
    }

    private static func appendInteger(_ value: UInt64, _ width: Int, to bytes: inout [UInt8]) {
        for i in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i))) }
    }

    /// The length of the record at `start` (after its 4 length bytes).
    static func recordLength(_ bytes: [UInt8], at start: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[start + $1]) << (8 * $1) }
    }

    /// The change whose record (after its length) begins at `start`.
    static func decode(_ bytes: [UInt8], at start: Int, trigger: String) -> PlanDiff.FireChange {
        var position = start + 1
        func integer(_ width: Int) -> UInt64 {
            defer { position += width }
            return (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[position + $1]) << (8 * UInt64($1)) }
        }
        func fire() -> Fire {
            let at = Instant(secondsSinceEpoch: Int64(bitPattern: integer(8)))
            let offset = Int(Int64(bitPattern: integer(8)))
            let nominalWall = Int64(bitPattern: integer(8))
            let flags = bytes[position]
            position += 1
            guard flags & 4 != 0 else {
                return Fire(
                    at: at, trigger: trigger, offset: offset, nominalWall: nominalWall, secondPass: flags & 1 != 0, isMoved: flags & 2 != 0)
            }
            let length = Int(integer(4))
            let id = String(decoding: bytes[position..<position + length], as: UTF8.self)
            position += length
            // The plan-file form makes the same fire again: the id as written, the nominal time when it moved.
            return Fire(
                at: at, trigger: trigger, local: LocalDateTime(wallSeconds: at.secondsSinceEpoch + Int64(offset)), offset: offset,
                id: id, nominal: flags & 2 != 0 ? LocalDateTime(wallSeconds: nominalWall) : nil)
        }
        switch bytes[start] {
        case 0: return .added(fire())
        case 1: return .removed(fire())
        default:
            let from = fire()
            return .moved(from: from, to: fire())
        }
    }
}

/// Reads one spilled run forward, a buffer at a time.
struct SpilledRunCursor {
    private let file: ScratchFile
    private let trigger: String
    private var next: Int
    private let end: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private(set) var head: PlanDiff.FireChange?

    /// How much of a run is read at once.
    static let chunk = 1 << 14

    init(_ run: SpilledRun, in file: ScratchFile, trigger: String) throws {
        self.file = file
        self.trigger = trigger
        next = run.offset
        end = run.offset + run.bytes
        try advance()
    }

    /// Moves `head` to the run's next change (nil at its end).
    mutating func advance() throws {
        try fill(4)
        guard buffer.count - position >= 4 else {
            head = nil
            return
        }
        let length = SpilledChanges.recordLength(buffer, at: position)
        try fill(4 + length)
        guard buffer.count - position >= 4 + length else { throw ScratchFile.Failure(description: "a scratch file ended early") }
        head = SpilledChanges.decode(buffer, at: position + 4, trigger: trigger)
        position += 4 + length
    }

    /// Makes at least `count` unread bytes available when the run has them.
    private mutating func fill(_ count: Int) throws {
        guard buffer.count - position < count, next < end else { return }
        buffer.removeFirst(position)
        position = 0
        let want = min(end - next, max(Self.chunk, count - buffer.count))
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: want))
        let got = try file.read(into: &buffer, from: start, count: want, at: next)
        buffer.removeLast(want - got)
        next += got
        if got < want { next = end }
    }
}

/// The runs of one trigger merged in time order: a min-heap of cursors by their heads. A listing of
/// a million changes spills some 120 runs per trigger; with a linear scan of the heads it took 50 s,
/// with the heap (7 comparisons a change) 33 s (release build, loaded machine).
struct SpilledRunMerge {
    private var cursors: [SpilledRunCursor]

    init(_ cursors: [SpilledRunCursor]) throws {
        self.cursors = cursors.filter { $0.head != nil }
        for i in stride(from: self.cursors.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
    }

    /// The earliest change not yet taken.
    var head: PlanDiff.FireChange? { cursors.first?.head }

    /// Takes `head`.
    mutating func advance() throws {
        try cursors[0].advance()
        if cursors[0].head == nil {
            cursors.swapAt(0, cursors.count - 1)
            cursors.removeLast()
        }
        siftDown(0)
    }

    private func earlier(_ a: Int, _ b: Int) -> Bool {
        FireChangeTally.precedes(cursors[a].head!, cursors[b].head!)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var first = parent
            let left = 2 * parent + 1, right = left + 1
            if left < cursors.count && earlier(left, first) { first = left }
            if right < cursors.count && earlier(right, first) { first = right }
            if first == parent { return }
            cursors.swapAt(parent, first)
            parent = first
        }
    }
}
