import AlmanacJSON
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a plan's fires forward from a position, in plan order (see `PlanFireSource.cursor`).
///
/// Over a file it holds one chunk of lines at a time, so memory does not grow with the plan; each
/// fire is checked as it is read, and a fire out of order is refused with its line, since seeking
/// by binary search relies on the order.
public final class PlanFireCursor {
    private enum Storage {
        case memory([Fire])
        case file(PlanLines)
    }

    private let storage: Storage
    /// Memory: the next fire's index.
    private var index = 0
    /// File: the chunk of lines in hand, where it starts in the file, and the next line in it.
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    private var bufferCount = 0
    private var position = 0
    /// File: the fire last read (the order check), the fire read ahead by `peek`, and the offset
    /// of the first line not yet turned into a fire.
    private var previous: Fire?
    private var ahead: Fire?
    private var reader = PlanFireReader()
    /// File: where the line of the fire last read starts.
    private var lastLineOffset = 0

    init(memory fires: [Fire], index: Int) {
        storage = .memory(fires)
        self.index = index
    }

    init(lines: PlanLines, from instant: Instant?) throws {
        storage = .file(lines)
        bufferStart = lines.linesStart
        guard let instant else { return }
        try seek(lines, to: instant)
    }

    /// The next fire, not consumed; nil at the end.
    public func peek() throws -> Fire? {
        switch storage {
        case .memory(let fires):
            return index < fires.count ? fires[index] : nil
        case .file(let lines):
            if ahead == nil { ahead = try readFire(lines) }
            return ahead
        }
    }

    /// The next fire; nil at the end.
    public func next() throws -> Fire? {
        switch storage {
        case .memory(let fires):
            guard index < fires.count else { return nil }
            index += 1
            return fires[index - 1]
        case .file(let lines):
            if let fire = ahead {
                ahead = nil
                return fire
            }
            return try readFire(lines)
        }
    }

    /// How many fires remain, the next one included. For a file this counts the remaining lines
    /// without reading them as fires (so they are not checked).
    public func remainingCount() throws -> Int {
        switch storage {
        case .memory(let fires):
            return fires.count - index
        case .file(let lines):
            return (ahead == nil ? 0 : 1) + (try lines.countLines(from: bufferStart + position))
        }
    }

    /// Reads and checks the fire on the next line.
    private func readFire(_ lines: PlanLines) throws -> Fire? {
        var feed = nextFeed()
        while feed == nil {
            guard bufferStart + bufferCount < lines.linesEnd else { return nil }
            try refill(lines)
            feed = nextFeed()
        }
        let lineOffset = bufferStart + position
        let fire = try buffer.withUnsafeBufferPointer { bytes in
            try lines.fire(line: UnsafeBufferPointer(rebasing: bytes[position..<feed!]), at: lineOffset, reader: &reader)
        }
        position = feed! + 1
        lastLineOffset = lineOffset
        if let previous, !Fire.precedes(previous, fire) { throw try lines.unsorted(fire, after: previous, offset: lineOffset) }
        previous = fire
        return fire
    }

    /// The index of the line feed ending the next line in the buffer, if it is all there.
    private func nextFeed() -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard position < bufferCount else { return nil }
            guard let base = bytes.baseAddress,
                let found = memchr(base + position, 0x0A, bufferCount - position)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Moves the unread part of the buffer to its front and reads more lines after it.
    private func refill(_ lines: PlanLines) throws {
        let chunk = 64 * 1024
        let kept = bufferCount - position
        if kept > 0 && position > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + position, kept)
            }
        }
        bufferStart += position
        bufferCount = kept
        position = 0
        if buffer.count < kept + chunk { buffer += [UInt8](repeating: 0, count: kept + chunk - buffer.count) }
        let want = min(buffer.count - kept, lines.linesEnd - (bufferStart + kept))
        var done = 0
        while done < want {
            let n = buffer.withUnsafeMutableBytes {
                pread(lines.fd, $0.baseAddress! + kept + done, want - done, off_t(bufferStart + kept + done))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlanError("cannot read \(lines.path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { throw lines.truncated() }
            done += n
        }
        bufferCount = kept + want
    }

    /// Positions the cursor at the first fire at or after `instant`: a binary search over byte
    /// offsets while the range is large, then a forward read. Every fire the search reads is checked
    /// against the two that bound it, so an unsorted plan is refused rather than misread.
    private func seek(_ lines: PlanLines, to instant: Instant) throws {
        var low = lines.linesStart, high = lines.linesEnd
        var before: Fire?, after: Fire?
        var probeReader = PlanFireReader()
        // A loop seeks to later and later instants: start where the last seek ended and gallop
        // forward, so a seek a few lines further reads only those lines. (The lines before the hint
        // were read in order by that seek, so their order is checked already.)
        if let hint = lines.seekHint, hint.instant <= instant {
            low = hint.offset
            var step = 16 * 1024
            while high - low > step {
                let start = try lines.lineStart(atOrAfter: low + step)
                guard start < high else { break }
                let (bytes, end) = try lines.line(at: start)
                let fire = try bytes.withUnsafeBufferPointer { try lines.fire(line: $0, at: start, reader: &probeReader) }
                if let before, !Fire.precedes(before, fire) { throw try lines.unsorted(fire, after: before, offset: start) }
                if fire.at < instant {
                    low = end
                    before = fire
                    step *= 2
                } else {
                    high = start
                    after = fire
                    break
                }
            }
        }
        while high - low > 16 * 1024 {
            let start = try lines.lineStart(atOrAfter: low + (high - low) / 2)
            guard start < high else { break }
            let (bytes, end) = try lines.line(at: start)
            let fire = try bytes.withUnsafeBufferPointer { try lines.fire(line: $0, at: start, reader: &probeReader) }
            if let before, !Fire.precedes(before, fire) { throw try lines.unsorted(fire, after: before, offset: start) }
            if let after, !Fire.precedes(fire, after) { throw try lines.unsorted(after, after: fire, offset: start) }
            if fire.at < instant {
                low = end
                before = fire
            } else {
                high = start
                after = fire
            }
        }
        bufferStart = low
        previous = before
        while let fire = try peek(), fire.at < instant { ahead = nil }
        lines.seekHint = (instant, ahead == nil ? lines.linesEnd : lastLineOffset)
    }
}
