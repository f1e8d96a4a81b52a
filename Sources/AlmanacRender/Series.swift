import AlmanacPlan
import AlmanacTime

/// One series of fires in a lane (a plan's fires, or a difference's unchanged, added, removed or
/// moved ones): how many fall in each pixel column, and each fire's mark while no two share one.
struct Series {
    enum Kind: String { case fire, unchanged, added, removed, moved }

    /// A fire drawn as a mark: where, its tooltip, where a move came from, and the fire that
    /// orders it (a merge reports changes out of time order).
    struct Mark {
        var at: Instant
        var label: String
        var from: Instant?
        var placement: Fire
    }

    let kind: Kind
    private(set) var count = 0
    /// Fires per pixel column; allocated with the first fire.
    private(set) var columns: [Int] = []
    /// Some column holds two fires or more: drawn as a density strip, `marks` dropped.
    private(set) var crowded = false
    /// In plan order once `finished()`; empty when crowded.
    private(set) var marks: [Mark] = []

    init(kind: Kind) {
        self.kind = kind
    }

    var isEmpty: Bool { count == 0 }

    /// The most fires in one column.
    var peak: Int { columns.max() ?? 1 }

    mutating func add(_ fire: Fire, column: Int, from: Instant?, label: () -> String) {
        if columns.isEmpty { columns = [Int](repeating: 0, count: TimelineRenderer.plotWidth) }
        count += 1
        columns[column] += 1
        if crowded { return }
        if columns[column] > 1 {
            crowded = true
            marks = []
            return
        }
        marks.append(Mark(at: fire.at, label: label(), from: from, placement: fire))
    }

    /// The series with its marks in plan order.
    func finished() -> Series {
        var done = self
        done.marks.sort { Fire.precedes($0.placement, $1.placement) }
        return done
    }
}
