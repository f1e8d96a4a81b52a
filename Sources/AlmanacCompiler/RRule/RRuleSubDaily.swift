import AlmanacTime

/// HOURLY, MINUTELY and SECONDLY: wall-clock periods within some hours of one day.
extension RRulePeriods {
    /// Appends the occurrences within `hours` of `day` (days since the epoch) to `out`, ascending.
    mutating func subDaily(_ day: Int, hours: Range<Int>, into out: inout [Int]) {
        if hours.count == 1, !shape.hourMask[hours.lowerBound] { return }
        guard dayMatches(day) else { return }
        let unit = shape.freq == .hourly ? 3600 : shape.freq == .minutely ? 60 : 1
        let lo = hours.lowerBound * 3600 / unit, hi = hours.upperBound * 3600 / unit
        let dayUnit = day * (86_400 / unit)
        let startUnit = floorDiv(shape.startWall, unit)
        let firstAligned = lo + mod(startUnit - (dayUnit + lo), shape.interval)
        units.removeAll(keepingCapacity: true)
        // Walk whichever is shorter: the aligned periods, or the allowed BY values.
        let progression = firstAligned < hi ? (hi - 1 - firstAligned) / shape.interval + 1 : 0
        let hourCount = hours.count == 1 ? 1 : shape.hours.count
        let product = hourCount * (unit <= 60 ? shape.minutes.count : 1) * (unit == 1 ? shape.seconds.count : 1)
        if progression <= product {
            for u in stride(from: firstAligned, to: hi, by: shape.interval) where allowed(unit: u, size: unit) { units.append(u) }
        } else {
            appendAllowedUnits(size: unit, hours: hours, alignedTo: firstAligned)
        }
        let dayStart = day * 86_400
        // Within one unit: the minutes and seconds an HOURLY period holds, the seconds a MINUTELY one.
        if unit == 1 {
            // A SECONDLY period holds one occurrence, so BYSETPOS can only pick it (1 or -1).
            if !shape.setPositions.isEmpty, !shape.setPositions.contains(where: { $0 == 1 || $0 == -1 }) { return }
            for u in units { out.append(dayStart + u) }
            return
        }
        let offsets = unit == 3600 ? shape.minuteSecondOffsets : shape.seconds
        if shape.setPositions.isEmpty {
            for u in units {
                let base = dayStart + u * unit
                for o in offsets { out.append(base + o) }
            }
            return
        }
        for u in units {
            let base = dayStart + u * unit
            setBuffer.removeAll(keepingCapacity: true)
            for o in offsets { setBuffer.append(base + o) }
            pick(shape.setPositions, from: setBuffer, into: &out)
        }
    }

    private func allowed(unit u: Int, size: Int) -> Bool {
        let s = u * size
        if !shape.hourMask[s / 3600] { return false }
        if size <= 60, !shape.minuteMask[s / 60 % 60] { return false }
        if size == 1, !shape.secondMask[s % 60] { return false }
        return true
    }

    private mutating func appendAllowedUnits(size: Int, hours: Range<Int>, alignedTo first: Int) {
        let interval = shape.interval
        for h in shape.hours where hours.contains(h) {
            if size == 3600 {
                if mod(h - first, interval) == 0 { units.append(h) }
                continue
            }
            for m in shape.minutes {
                if size == 60 {
                    if mod(h * 60 + m - first, interval) == 0 { units.append(h * 60 + m) }
                    continue
                }
                for s in shape.seconds where mod(h * 3600 + m * 60 + s - first, interval) == 0 {
                    units.append(h * 3600 + m * 60 + s)
                }
            }
        }
    }
}
